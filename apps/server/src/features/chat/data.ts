import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { matches } from "../../db/schema/matches.ts";
import { chatReads, type MessageRow, messages } from "../../db/schema/messages.ts";
import { users } from "../../db/schema/users.ts";
import { involves, type MatchWithOther, matchIsLive, otherOf } from "../../lib/live-match.ts";

/** Messages of a match after a seq, oldest first; one more than asked tells whether more follow. */
export async function messagesAfter(
  db: Executor,
  matchId: number,
  after: number,
  limit: number,
): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.matchId, matchId), gt(messages.seq, after)))
    .orderBy(asc(messages.seq))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** A match's last `count` messages, oldest first. */
export async function lastMessages(db: Executor, matchId: number, count: number): Promise<MessageRow[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.matchId, matchId))
    .orderBy(desc(messages.seq))
    .limit(count);
  return rows.reverse();
}

/** How far a person has read in a match (0: nothing yet). */
export async function readPosition(db: Executor, matchId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ seq: chatReads.lastReadSeq })
    .from(chatReads)
    .where(and(eq(chatReads.matchId, matchId), eq(chatReads.userId, userId)));
  return row?.seq ?? 0;
}

export async function findSentMessage(db: Executor, matchId: number, senderId: number, clientId: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(
      and(eq(messages.matchId, matchId), eq(messages.senderId, senderId), eq(messages.clientId, clientId)),
    );
  return row ?? null;
}

export interface ChatRow extends MatchWithOther {
  last: MessageRow | null;
  unread: number;
}

/** The user's unlocked live matches, newest activity first, with the last message and the unread count. */
export async function chatsOf(db: Executor, userId: number): Promise<ChatRow[]> {
  const unread = sql<number>`(
    select count(*)::int from ${messages} m
    where m.match_id = ${matches.id} and m.sender_id <> ${userId}
      and m.seq > coalesce((select r.last_read_seq from ${chatReads} r
                            where r.match_id = ${matches.id} and r.user_id = ${userId}), 0)
  )`;
  const rows = await db
    .select({ match: matches, other: users, last: messages, unread })
    .from(matches)
    .innerJoin(users, otherOf(userId))
    .leftJoin(messages, and(eq(messages.matchId, matches.id), eq(messages.seq, matches.lastMessageSeq)))
    .where(and(involves(userId), matchIsLive, eq(matches.isChatUnlocked, true)))
    .orderBy(desc(sql`coalesce(${matches.lastMessageAt}, ${matches.matchDate})`), desc(matches.id));
  return rows.map((r) => ({ ...r, unread: Number(r.unread) }));
}
