// The simulated senders: each paced under the per-minute limit, each message with its own clientId,
// retried with that same clientId until the server answers, and now and then sent again as if the
// answer had been lost on the way back.
import { randomUUID } from "node:crypto";
import type { Message } from "@kindred/shared/chat";
import type { SoakPerson } from "./soak-chat-data.ts";
import { failureKind, request } from "./soak-chat-http.ts";

export const SEND_INTERVAL_MS = 2_200;
const JITTER_MS = 300;
const RESEND_SHARE = 0.1;

/** When the server was down: failures of requests in flight at any point of it count as the restart's. */
export interface RestartWindow {
  killedAt?: number;
  upAt?: number;
}

export class SendStats {
  meant = new Map<string, SoakPerson>();
  acked = new Map<string, Message>();
  attempts = 0;
  retries = 0;
  created = 0;
  /** First answers that were 200: an earlier attempt had been stored but its answer never arrived. */
  storedEarlier = 0;
  resends = 0;
  resendProblems: string[] = [];
  failedDuringRestart = 0;
  failedOutsideRestart = 0;
  failures = new Map<string, number>();
  rateLimited = 0;
  unexpected: string[] = [];
  /** Messages still unanswered when the drain ran out, and so given up. */
  abandoned = new Set<string>();
  /** Every finished attempt (bar those cut short by the drain deadline), for latency and the timeline. */
  log: { startedAt: number; ms: number; ok: boolean }[] = [];

  ok(startedAt: number) {
    this.log.push({ startedAt, ms: performance.now() - startedAt, ok: true });
  }

  fail(reason: string, startedAt: number, window: RestartWindow) {
    this.log.push({ startedAt, ms: performance.now() - startedAt, ok: false });
    this.failures.set(reason, (this.failures.get(reason) ?? 0) + 1);
    const killed = window.killedAt !== undefined && performance.now() >= window.killedAt;
    const inWindow = killed && (window.upAt === undefined || startedAt <= window.upAt);
    if (inWindow) this.failedDuringRestart++;
    else this.failedOutsideRestart++;
  }
}

export interface SendContext {
  origin: string;
  stats: SendStats;
  window: RestartWindow;
  /** Aborted when the drain's time is up: whatever is still retrying gives up. */
  giveUp: AbortSignal;
  /** A request unanswered after this long is abandoned and retried. */
  timeoutMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

type Attempt = { ok: true; status: number; message: Message } | { ok: false; retry: boolean; reason: string };

async function attempt(ctx: SendContext, who: SoakPerson, body: object): Promise<Attempt> {
  const started = performance.now();
  ctx.stats.attempts++;
  try {
    const res = await request(`${ctx.origin}/api/matches/${who.matchId}/messages`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        cookie: `kindred_session=${who.token}`,
        origin: ctx.origin,
      },
      body: JSON.stringify(body),
      timeoutMs: ctx.timeoutMs,
      giveUp: ctx.giveUp,
    });
    if (res.status === 200 || res.status === 201) {
      ctx.stats.ok(started);
      return { ok: true, status: res.status, message: JSON.parse(res.text) as Message };
    }
    if (res.status >= 500) {
      ctx.stats.fail(`HTTP ${res.status}`, started, ctx.window);
      return { ok: false, retry: true, reason: `HTTP ${res.status}: ${res.text}` };
    }
    if (res.status === 429) {
      ctx.stats.rateLimited++;
      return { ok: false, retry: true, reason: "429" };
    }
    return { ok: false, retry: false, reason: `HTTP ${res.status}: ${res.text}` };
  } catch (err) {
    if (ctx.giveUp.aborted) return { ok: false, retry: false, reason: "gave up" };
    const reason = failureKind(err);
    ctx.stats.fail(reason, started, ctx.window);
    return { ok: false, retry: true, reason };
  }
}

/** Sends until the server answers 200/201; null when it refused outright or the drain ran out. */
async function sendUntilAnswered(ctx: SendContext, who: SoakPerson, body: object) {
  for (let failures = 0; ; failures++) {
    if (failures > 0) ctx.stats.retries++;
    const result = await attempt(ctx, who, body);
    if (result.ok) return result;
    if (!result.retry) {
      if (result.reason === "gave up") ctx.stats.abandoned.add((body as { content: string }).content);
      else ctx.stats.unexpected.push(`s${who.index} ${JSON.stringify(body)}: ${result.reason}`);
      return null;
    }
    // Full jitter, so that 200 clients do not come back in one wave when the server does.
    await sleep(100 + Math.random() * Math.min(3_000, 200 * 2 ** failures));
  }
}

async function deliver(ctx: SendContext, who: SoakPerson, key: string): Promise<void> {
  const body = { content: key, clientId: randomUUID() };
  const first = await sendUntilAnswered(ctx, who, body);
  if (!first) return;
  if (first.status === 201) ctx.stats.created++;
  else ctx.stats.storedEarlier++;
  ctx.stats.acked.set(key, first.message);
  if (Math.random() >= RESEND_SHARE) return;
  ctx.stats.resends++;
  const again = await sendUntilAnswered(ctx, who, body);
  if (again && (again.status !== 200 || again.message.id !== first.message.id)) {
    ctx.stats.resendProblems.push(
      `${key}: resend answered ${again.status} id ${again.message.id} seq ${again.message.seq}, first id ${first.message.id} seq ${first.message.seq}`,
    );
  }
}

/**
 * One person writing a message every ~2.2 s from `startAt` until `until`. In order (the default), like
 * the web app's outbox: one message in flight, the next waits for its answer, so a sender never has
 * more than one request out. Concurrent: each message is sent as it is written, whatever is still
 * retrying, so an outage leaves every sender with a growing pile of retry loops.
 */
export async function runSender(
  ctx: SendContext,
  who: SoakPerson,
  window: { startAt: number; until: number; concurrent: boolean },
) {
  const offset = Math.random() * SEND_INTERVAL_MS;
  const deliveries: Promise<void>[] = [];
  let queue = Promise.resolve();
  for (let n = 1; ; n++) {
    const at = window.startAt + offset + (n - 1) * SEND_INTERVAL_MS + (Math.random() * 2 - 1) * JITTER_MS;
    if (at >= window.until) break;
    await sleep(at - performance.now());
    // Meant from the moment it is written, even if it is still queued behind others at the end.
    const key = `s${who.index}-m${n}`;
    ctx.stats.meant.set(key, who);
    if (window.concurrent) deliveries.push(deliver(ctx, who, key));
    else queue = queue.then(() => deliver(ctx, who, key));
  }
  await Promise.all([...deliveries, queue]);
}
