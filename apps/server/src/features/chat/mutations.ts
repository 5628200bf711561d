import { MESSAGES_PER_MINUTE } from "@kindred/shared/chat";
import { and, count, eq, gt, lte, min, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { matches } from "../../db/schema/matches.ts";
import { chatReads, type MessageRow, messages } from "../../db/schema/messages.ts";
import { HttpError } from "../../lib/http-error.ts";
import { matchIsLive } from "../../lib/live-match.ts";
import { findSentMessage } from "./data.ts";

class AlreadySent extends Error {
  constructor(readonly message_: MessageRow) {
    super("already sent");
  }
}

/**
 * Stores a message once. The match row is locked while its next seq is taken, so seqs are gapless and
 * commit in order (a poller reading `after` can never skip one). A retry with the same clientId finds
 * the first one, inside the lock, and returns it: the transaction rolls back and nothing is added.
 */
export async function sendMessage(
  db: Db,
  input: { matchId: number; senderId: number; content: string; clientId: string },
  now = new Date(),
): Promise<{ message: MessageRow; created: boolean }> {
  try {
    const message = await db.transaction(async (tx) => {
      const [match] = await tx
        .update(matches)
        .set({ lastMessageSeq: sql`${matches.lastMessageSeq} + 1`, lastMessageAt: now })
        .where(and(eq(matches.id, input.matchId), matchIsLive, eq(matches.isChatUnlocked, true)))
        .returning({ seq: matches.lastMessageSeq });
      if (!match) throw new HttpError(404, "Match not found");
      const sent = await findSentMessage(tx, input.matchId, input.senderId, input.clientId);
      if (sent) throw new AlreadySent(sent);
      const [recent] = await tx
        .select({ n: count(), oldest: min(messages.sentAt) })
        .from(messages)
        .where(
          and(
            eq(messages.matchId, input.matchId),
            eq(messages.senderId, input.senderId),
            gt(messages.sentAt, new Date(now.getTime() - 60_000)),
          ),
        );
      if (Number(recent?.n ?? 0) >= MESSAGES_PER_MINUTE) {
        // Retry-After: when the oldest message of the last minute leaves the window.
        const oldest = recent?.oldest ? new Date(recent.oldest).getTime() : now.getTime();
        const retryAfterSeconds = Math.max(1, Math.ceil((oldest + 60_000 - now.getTime()) / 1000));
        throw new HttpError(
          429,
          "You're sending messages very quickly. Please wait a moment and try again.",
          { retryAfterSeconds },
        );
      }
      const [row] = await tx
        .insert(messages)
        .values({ ...input, seq: match.seq, sentAt: now })
        .returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    });
    return { message, created: true };
  } catch (err) {
    if (err instanceof AlreadySent) return { message: err.message_, created: false };
    throw err;
  }
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
