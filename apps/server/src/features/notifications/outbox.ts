// The push outbox's reads and writes for the sender (notify.ts writes the rows).
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/client.ts";
import {
  type PushOutboxRow,
  type PushSubscriptionRow,
  pushOutbox,
  pushSubscriptions,
} from "../../db/schema/push.ts";

export type Outcome = "sent" | "expired" | "failed" | "refused";

export interface ClaimedPush {
  row: PushOutboxRow;
  subscription: PushSubscriptionRow;
}

/**
 * Takes up to `limit` due rows for this instance: in one transaction they are locked (SKIP LOCKED, so
 * another instance's claim passes them by) and leased, i.e. their next attempt is moved `leaseMs` ahead
 * and their attempts counted. Until the lease ends no instance claims them again; if this one dies
 * before marking them, another sends them after it. Rows already past expiry are closed, not returned.
 */
export async function claimDue(db: Db, now: Date, limit: number, leaseMs: number): Promise<ClaimedPush[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: pushOutbox.id, expiresAt: pushOutbox.expiresAt })
      .from(pushOutbox)
      .where(and(isNull(pushOutbox.doneAt), lte(pushOutbox.nextAttemptAt, now)))
      .orderBy(asc(pushOutbox.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const expired = due.filter((d) => d.expiresAt <= now).map((d) => d.id);
    const live = due.filter((d) => d.expiresAt > now).map((d) => d.id);
    if (expired.length > 0) await close(tx, expired, "expired", now);
    if (live.length === 0) return [];
    const rows = await tx
      .update(pushOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + leaseMs), attempts: sql`${pushOutbox.attempts} + 1` })
      .where(inArray(pushOutbox.id, live))
      .returning();
    const subs = await tx
      .select()
      .from(pushSubscriptions)
      .where(
        inArray(
          pushSubscriptions.id,
          rows.map((r) => r.subscriptionId),
        ),
      );
    const byId = new Map(subs.map((s) => [s.id, s]));
    return rows.flatMap((row) => {
      const subscription = byId.get(row.subscriptionId);
      return subscription ? [{ row, subscription }] : [];
    });
  });
}

/** Closes rows: no longer due. Only still-open ones, so a late second mark changes nothing. */
export async function close(db: Executor, ids: number[], outcome: Outcome, now: Date): Promise<void> {
  await db
    .update(pushOutbox)
    .set({ doneAt: now, outcome })
    .where(and(inArray(pushOutbox.id, ids), isNull(pushOutbox.doneAt)));
}

export async function markSent(db: Db, claimed: ClaimedPush, now: Date): Promise<void> {
  await close(db, [claimed.row.id], "sent", now);
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: now })
    .where(eq(pushSubscriptions.id, claimed.subscription.id));
}

/** A retry at `at` (ends the lease early). */
export async function retryAt(db: Executor, id: number, at: Date): Promise<void> {
  await db
    .update(pushOutbox)
    .set({ nextAttemptAt: at })
    .where(and(eq(pushOutbox.id, id), isNull(pushOutbox.doneAt)));
}

/** The push service says the subscription is gone (404/410): it goes, and its queued rows with it. */
export async function dropSubscription(db: Executor, subscriptionId: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
}
