import { CHAT_LOCKED_MESSAGE, MESSAGES_PER_MINUTE } from "@kindred/shared/chat";
import { and, eq, gt, lte, min, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { matches } from "../../db/schema/matches.ts";
import { chatReads, type MessageRow, messages } from "../../db/schema/messages.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { involves, matchIsLive } from "../../lib/live-match.ts";
import { isUniqueViolation } from "../../lib/pg-errors.ts";
import { findSentMessage } from "./data.ts";

const WINDOW_MS = 60_000;

/** A send's outcome: the stored message, and whom to tell when it is new. */
export type Sent =
  | { message: MessageRow; created: true; otherId: number }
  | { message: MessageRow; created: false };

/**
 * Stores a message once, in one statement that is also the send's guard: it takes the match's next
 * seq (locking the match row, so seqs are gapless and commit in order: a poller reading `after` can
 * never skip one) and inserts the message, only when the match is the sender's, live and unlocked,
 * the clientId is new and the sender is under the rate limit (counted from the statement's snapshot,
 * before the lock: two sends racing at the limit may both pass). Anything else is found out after, on
 * the rare path. Two sends of one clientId at once meet the unique index; the loser returns the
 * winner's message.
 */
export async function sendMessage(
  db: Db,
  input: { matchId: number; senderId: number; content: string; clientId: string },
  now = new Date(),
): Promise<Sent> {
  const { matchId, senderId, content, clientId } = input;
  const since = new Date(now.getTime() - WINDOW_MS).toISOString();
  const at = now.toISOString();
  const open = and(
    eq(matches.id, matchId),
    involves(senderId),
    matchIsLive,
    eq(matches.isChatUnlocked, true),
  );
  let stored: { id: number; seq: number; other_id: number } | undefined;
  try {
    const result = await db.execute(sql`
      with prior as (
        select ${messages.clientId} as client_id, ${messages.sentAt} as sent_at from ${messages}
        where ${messages.matchId} = ${matchId} and ${messages.senderId} = ${senderId}
          and (${messages.clientId} = ${clientId} or ${messages.sentAt} > ${since}::timestamptz)
      ), bumped as (
        update ${matches} set last_message_seq = last_message_seq + 1, last_message_at = ${at}::timestamptz
        where ${open}
          and not exists (select 1 from prior where client_id = ${clientId})
          and (select count(*) from prior where sent_at > ${since}::timestamptz) < ${MESSAGES_PER_MINUTE}
        returning last_message_seq as seq,
          case when ${matches.userId1} = ${senderId}::int then ${matches.userId2} else ${matches.userId1} end as other_id
      ), inserted as (
        insert into ${messages} (match_id, sender_id, content, client_id, seq, sent_at)
        select ${matchId}::int, ${senderId}::int, ${content}::text, ${clientId}::text, seq, ${at}::timestamptz
        from bumped
        returning id, seq
      )
      select inserted.id, inserted.seq, bumped.other_id from inserted, bumped`);
    stored = (result as unknown as { rows: { id: number; seq: number; other_id: number }[] }).rows[0];
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  if (stored) {
    const message = { ...input, id: Number(stored.id), seq: Number(stored.seq), sentAt: now, isRead: false };
    return { message, created: true, otherId: Number(stored.other_id) };
  }
  return { message: await whyNotSent(db, input, now), created: false };
}

/**
 * Nothing was stored: the match is not the sender's or not live (404), or locked (403), or the
 * message was sent before (it is returned), or too fast (429).
 */
async function whyNotSent(
  db: Db,
  input: { matchId: number; senderId: number; clientId: string },
  now: Date,
): Promise<MessageRow> {
  const [match] = await db
    .select({ isChatUnlocked: matches.isChatUnlocked })
    .from(matches)
    .where(and(eq(matches.id, input.matchId), involves(input.senderId), matchIsLive));
  if (!match) throw notFound("Match not found");
  if (!match.isChatUnlocked) throw new HttpError(403, CHAT_LOCKED_MESSAGE);
  const sent = await findSentMessage(db, input.matchId, input.senderId, input.clientId);
  if (sent) return sent;
  const [recent] = await db
    .select({ oldest: min(messages.sentAt) })
    .from(messages)
    .where(
      and(
        eq(messages.matchId, input.matchId),
        eq(messages.senderId, input.senderId),
        gt(messages.sentAt, new Date(now.getTime() - WINDOW_MS)),
      ),
    );
  // Retry-After: when the oldest message of the last minute leaves the window.
  const oldest = recent?.oldest ? new Date(recent.oldest).getTime() : now.getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil((oldest + WINDOW_MS - now.getTime()) / 1000));
  throw new HttpError(429, "You're sending messages very quickly. Please wait a moment and try again.", {
    retryAfterSeconds,
  });
}

/**
 * Moves the reader's position forward (never back) and marks the other's messages up to it read, in
 * one statement: one round trip, and all of it or nothing.
 */
export async function markRead(db: Db, matchId: number, readerId: number, upToSeq: number): Promise<number> {
  const position = db.$with("position").as(
    db
      .insert(chatReads)
      .values({ matchId, userId: readerId, lastReadSeq: upToSeq })
      .onConflictDoUpdate({
        target: [chatReads.matchId, chatReads.userId],
        set: { lastReadSeq: sql`greatest(${chatReads.lastReadSeq}, excluded.last_read_seq)` },
      })
      .returning({ seq: chatReads.lastReadSeq }),
  );
  const marked = db.$with("marked").as(
    db
      .update(messages)
      .set({ isRead: true })
      .where(
        and(
          eq(messages.matchId, matchId),
          ne(messages.senderId, readerId),
          lte(messages.seq, sql`(select ${position.seq} from ${position})`),
          eq(messages.isRead, false),
        ),
      )
      .returning({ id: messages.id }),
  );
  const [row] = await db.with(position, marked).select({ seq: position.seq }).from(position);
  return row?.seq ?? upToSeq;
}
