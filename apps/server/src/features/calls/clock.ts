import { CALL_WARNING_SECONDS, COUNTED_AFTER_SECONDS, PEER_GONE_MS } from "@kindred/shared/call-ladder";
import type { CallEndReason } from "@kindred/shared/calls";
import type { FastifyInstance } from "fastify";
import type { CallRow } from "../../db/schema/calls.ts";
import { pushRingEnded } from "../notifications/triggers.ts";
import { announceCall } from "./events.ts";
import { completeCall, missUnanswered, overdueCallIds, takeDueWarnings } from "./mutations.ts";

export interface CallClockOptions {
  sweepMs: number;
  /** CALL_TIME_SCALE: scales the counting threshold (call lengths are scaled when a call is made). */
  timeScale: number;
  peerGoneMs?: number;
  /** The time (ms since the epoch) its timers and default arguments read; a test passes its own. */
  now?: () => number;
}

/**
 * The server is the clock of every call. Each instance sweeps every `sweepMs`: unanswered rings become
 * missed after 45 s, the 30-second warning goes out once, and active calls past their deadline end
 * (completed at the deadline) whether or not anyone is still there. The instance that activated a call
 * also sets a timer for the exact deadline. All of them race through conditional UPDATEs, so with N
 * instances each transition happens, and is announced, exactly once.
 *
 * Every time it writes is an argument (defaulting to `now()`), so tests state the moment instead of
 * waiting for it.
 */
export class CallClock {
  private sweeper: ReturnType<typeof setInterval> | null = null;
  private timers = new Set<ReturnType<typeof setTimeout>>();
  /** The pass under way, if any: passes never overlap. */
  private sweeping: Promise<void> | null = null;
  private readonly now: () => number;

  constructor(
    private readonly app: FastifyInstance,
    private readonly opts: CallClockOptions,
  ) {
    this.now = opts.now ?? (() => Date.now());
  }

  get countAfterMs(): number {
    return COUNTED_AFTER_SECONDS * 1000 * this.opts.timeScale;
  }

  start(): void {
    // A tick while a pass is under way is skipped rather than queued.
    this.sweeper = setInterval(() => {
      if (!this.sweeping) void this.sweep();
    }, this.opts.sweepMs);
    this.sweeper.unref();
  }

  stop(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  /** Ends an active call (hang-up, deadline, a participant gone) and tells both sides; null if it had ended. */
  async complete(callId: number, reason: CallEndReason, byUserId?: number, now = this.date()) {
    const call = await completeCall(this.app.db, callId, {
      now,
      reason,
      countAfterMs: this.countAfterMs,
      byUserId,
    });
    if (call) await announceCall(this.app, call);
    return call;
  }

  /**
   * A precise end for a call this instance activated; the sweep is the safety net. A timer can fire a
   * millisecond before the clock reaches the deadline, so it waits out what is left rather than ending
   * the call early (it would end short of its length and miss the deadline's reason).
   */
  watchDeadline(call: CallRow): void {
    if (!call.deadline) return;
    const deadline = call.deadline.getTime();
    const atDeadline = async (): Promise<unknown> => {
      const now = this.now();
      if (deadline > now) return this.after(deadline - now, atDeadline);
      return this.complete(call.id, "deadline", undefined, new Date(now));
    };
    this.after(deadline - this.now(), atDeadline);
  }

  /** Called when a participant's last socket left the room of an active call: their grace starts. */
  participantLeft(callId: number, userId: number): void {
    this.after(this.opts.peerGoneMs ?? PEER_GONE_MS, () => this.endIfGone(callId, userId));
  }

  /** A participant's grace is over: ends the call unless they are back in its room; null if it goes on. */
  async endIfGone(callId: number, userId: number, now = this.date()) {
    if (await this.app.realtime.rooms.isIn(callId, userId)) return null;
    return this.complete(callId, "peer_gone", undefined, now);
  }

  /** One pass at `now`; when another is under way it waits for it, so the pass asked for always runs. */
  async sweep(now = this.date()): Promise<void> {
    while (this.sweeping) await this.sweeping;
    this.sweeping = this.sweepOnce(now).finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  private async sweepOnce(now: Date): Promise<void> {
    try {
      for (const call of await missUnanswered(this.app.db, now)) {
        await announceCall(this.app, call);
        await pushRingEnded(this.app, call); // at the real time: the outbox sends and expires by it
      }
      const warnWithin = CALL_WARNING_SECONDS * 1000 * this.opts.timeScale;
      for (const call of await takeDueWarnings(this.app.db, now, warnWithin)) {
        await announceCall(this.app, call, { warning: true });
      }
      for (const id of await overdueCallIds(this.app.db, now))
        await this.complete(id, "deadline", undefined, now);
    } catch (err) {
      this.app.log.warn({ err }, "call clock sweep failed");
    }
  }

  private date(): Date {
    return new Date(this.now());
  }

  private after(ms: number, run: () => Promise<unknown>): void {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        run().catch((err: unknown) => this.app.log.warn({ err }, "call timer failed"));
      },
      Math.max(0, ms),
    );
    timer.unref();
    this.timers.add(timer);
  }
}
