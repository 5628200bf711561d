import https from "node:https";
import type { FastifyInstance } from "fastify";
import webpush from "web-push";
import { pushEndpointAllowed } from "./endpoints.ts";
import type { VapidDetails } from "./keys.ts";
import { type ClaimedPush, claimDue, close, dropSubscription, markSent, retryAt } from "./outbox.ts";
import { scanDue } from "./scans.ts";

export interface PushSenderOptions {
  sweepMs: number;
  allowedOrigins: readonly string[];
  keys: () => Promise<VapidDetails>;
}

const BATCH = 50;
/** A claimed row is not claimed again for this long: far beyond one send's 5 s timeout. */
const LEASE_MS = 30_000;
const SEND_TIMEOUT_MS = 5_000;
const MAX_ATTEMPTS = 5;
const FIRST_RETRY_MS = 1_000;
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Sends the push outbox. Every instance sweeps every `sweepMs` (first asking scanDue to decide the
 * pushes that time makes due), and `kick()` starts a pass at once, so a ring leaves within milliseconds.
 *
 * Exactly once across instances, as far as a network allows: a row is claimed (locked, SKIP LOCKED,
 * and leased for 30 s) before it is sent and closed after. Two instances never claim the same row
 * while its lease runs. The window left is at-least-once: if this process dies (or its database
 * write fails) after the push service accepted a push but before the row is closed, another instance
 * sends it again when the lease ends, unless it has expired by then. A ring's 45 s TTL bounds that.
 */
export class PushSender {
  private sweeper: ReturnType<typeof setInterval> | null = null;
  private passing: Promise<void> | null = null;
  private again = false;
  private scanning: Promise<void> | null = null;
  private stopped = false;
  // Kept-alive connections to the push services: a ring does not pay a TLS handshake each time. The
  // default CAs (the system's plus NODE_EXTRA_CA_CERTS) verify them; nothing here loosens that.
  private readonly agent = new https.Agent({ keepAlive: true, maxSockets: 16 });

  constructor(
    private readonly app: FastifyInstance,
    private readonly opts: PushSenderOptions,
  ) {}

  start(): void {
    this.sweeper = setInterval(() => this.sweep(), this.opts.sweepMs);
    this.sweeper.unref();
  }

  /** Stops sweeping and waits for a scan or pass under way, so the database is not closed beneath it. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweeper) clearInterval(this.sweeper);
    await this.scanning;
    await this.passing;
    this.agent.destroy();
  }

  /** Sends what is due now. Coalesced: a kick during a pass runs one more pass after it, never two at once. */
  kick(): void {
    if (this.stopped) return;
    if (this.passing) {
      this.again = true;
      return;
    }
    this.passing = this.passes().finally(() => {
      this.passing = null;
    });
  }

  private sweep(): void {
    if (this.scanning || this.stopped) return;
    this.scanning = (async () => {
      try {
        await scanDue(this.app);
      } catch (error) {
        this.app.log.error({ err: error }, "push: deciding due pushes failed");
      }
      this.scanning = null;
      this.kick();
    })();
  }

  private async passes(): Promise<void> {
    do {
      this.again = false;
      try {
        while (!this.stopped && (await this.pass()) === BATCH) {}
      } catch (error) {
        this.app.log.error({ err: error }, "push: sending the outbox failed");
      }
    } while (this.again && !this.stopped);
  }

  /** Claims one batch and sends it; returns how many rows it claimed. */
  private async pass(): Promise<number> {
    const claimed = await claimDue(this.app.db, new Date(), BATCH, LEASE_MS);
    if (claimed.length === 0) return 0;
    const keys = await this.opts.keys();
    await Promise.allSettled(claimed.map((c) => this.send(c, keys)));
    return claimed.length;
  }

  private async send(claimed: ClaimedPush, keys: VapidDetails): Promise<void> {
    const { row, subscription } = claimed;
    const db = this.app.db;
    // Checked again at send time: an endpoint stored before PUSH_ENDPOINT_ALLOW changed is not reached.
    if (!pushEndpointAllowed(subscription.endpoint, this.opts.allowedOrigins))
      return close(db, [row.id], "refused", new Date());
    const ttl = Math.max(1, Math.floor((row.expiresAt.getTime() - Date.now()) / 1000));
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(row.payload),
        {
          vapidDetails: keys,
          TTL: ttl,
          urgency: row.urgency,
          ...(row.topic && TOPIC.test(row.topic) ? { topic: row.topic } : {}),
          contentEncoding: "aes128gcm",
          timeout: SEND_TIMEOUT_MS,
          agent: this.agent,
        },
      );
      await markSent(db, claimed, new Date());
    } catch (error) {
      await this.failed(claimed, error);
    }
  }

  private async failed({ row, subscription }: ClaimedPush, error: unknown): Promise<void> {
    const db = this.app.db;
    const now = new Date();
    const status = error instanceof webpush.WebPushError ? error.statusCode : null;
    if (status === 404 || status === 410) return dropSubscription(db, subscription.id);
    const retryable = status === null || status === 429 || status >= 500;
    const backoff = FIRST_RETRY_MS * 2 ** (row.attempts - 1);
    const at = new Date(now.getTime() + Math.max(backoff, retryAfterMs(error, now)));
    if (!retryable || row.attempts >= MAX_ATTEMPTS || at >= row.expiresAt) {
      this.app.log.warn({ push: row.id, status, attempts: row.attempts }, "push: giving up");
      return close(db, [row.id], "failed", now);
    }
    await retryAt(db, row.id, at);
  }
}

/** A push service's Retry-After (seconds or an HTTP date), in ms from now; 0 when absent. */
function retryAfterMs(error: unknown, now: Date): number {
  if (!(error instanceof webpush.WebPushError)) return 0;
  const value = (error.headers as Record<string, string | undefined>)["retry-after"];
  if (!value) return 0;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? 0 : Math.max(0, date - now.getTime());
}
