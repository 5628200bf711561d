import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { matches } from "../../db/schema/matches.ts";
import { chatReads, type MessageRow, messages } from "../../db/schema/messages.ts";
import { users } from "../../db/schema/users.ts";
import {
  involves,
  type MatchWithOther,
  matchIsLive,
  otherOf,
  selectLiveMatch,
} from "../../lib/live-match.ts";

export interface Conversation extends MatchWithOther {
  /** How far the other person has read (0: nothing yet). */
  otherReadUpTo: number;
}

const conversationFor = prepared((db) => {
  const otherReadUpTo = sql<number>`coalesce((select ${chatReads.lastReadSeq} from ${chatReads}
    where ${chatReads.matchId} = ${matches.id} and ${chatReads.userId} = ${users.id}), 0)`;
  return selectLiveMatch(db, { otherReadUpTo }).prepare("conversation_for");
});

/** A live match of the user's with how far the other has read, in one read; null as findLiveMatchFor. */
export async function findConversation(
  db: Executor,
  matchId: number,
  userId: number,
): Promise<Conversation | null> {
  const [row] = await conversationFor(db).execute({ matchId, userId });
  return row ? { ...row, otherReadUpTo: Number(row.otherReadUpTo) } : null;
}

const messagesAfterSeq = prepared((db) =>
  db
    .select()
    .from(messages)
    .where(and(eq(messages.matchId, sql.placeholder("matchId")), gt(messages.seq, sql.placeholder("after"))))
    .orderBy(asc(messages.seq))
    .limit(sql.placeholder("limit"))
    .prepare("messages_after"),
);

/** Messages of a match after a seq, oldest first; one more than asked tells whether more follow. */
export async function messagesAfter(
  db: Executor,
  matchId: number,
  after: number,
  limit: number,
): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  const rows = await messagesAfterSeq(db).execute({ matchId, after, limit: limit + 1 });
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

const chatsOfUser = prepared((db) => {
  const userId = sql.placeholder("userId");
  const unread = sql<number>`(
    select count(*)::int from ${messages} m
    where m.match_id = ${matches.id} and m.sender_id <> ${userId}
      and m.seq > coalesce((select r.last_read_seq from ${chatReads} r
                            where r.match_id = ${matches.id} and r.user_id = ${userId}), 0)
  )`;
  return db
    .select({ match: matches, other: users, last: messages, unread })
    .from(matches)
    .innerJoin(users, otherOf(userId))
    .leftJoin(messages, and(eq(messages.matchId, matches.id), eq(messages.seq, matches.lastMessageSeq)))
    .where(and(involves(userId), matchIsLive, eq(matches.isChatUnlocked, true)))
    .orderBy(desc(sql`coalesce(${matches.lastMessageAt}, ${matches.matchDate})`), desc(matches.id))
    .prepare("chats_of");
});

/** The user's unlocked live matches, newest activity first, with the last message and the unread count. */
export async function chatsOf(db: Executor, userId: number): Promise<ChatRow[]> {
  const rows = await chatsOfUser(db).execute({ userId });
  return rows.map((r) => ({ ...r, unread: Number(r.unread) }));
}
