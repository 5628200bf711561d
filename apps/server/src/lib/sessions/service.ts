import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Executor } from "../../db/client.ts";
import type { Bus, Unsubscribe } from "../bus.ts";
import { SessionCache } from "./cache.ts";
import { findSession, type Session } from "./lookup.ts";
import { hashToken, SESSION_COOKIE } from "./token.ts";

/** Every instance listens here: a user whose sessions or row changed, from which instance, which change. */
const CHANGES = "sessions:changed";
/** Each instance's own channel, where the others confirm they have forgotten one of its changes. */
const confirmationsTo = (instance: string) => `sessions:forgotten:${instance}`;
/** The longest a change waits for the other instances to confirm; past it their TTL is the bound. */
export const CONFIRM_TIMEOUT_MS = 1_000;

interface Change {
  userId: number;
  from: string;
  seq: number;
}

/**
 * The one session lookup: the HTTP auth hook and the socket upgrade both call `fromCookies`, so a
 * socket is exactly as authenticated as a request. A session found is kept for a few seconds (SessionCache); `changed` must follow every
 * committed change to a user's sessions (logout, sign-in rotation, account deletion) or to their row
 * (profile, photo, plan).
 *
 * `changed` resolves only once every instance has forgotten the user: the change is published on the
 * bus, each instance subscribed (this one included) forgets and confirms, and PUBLISH's count of
 * receivers says how many confirmations to wait for. A bus message alone is not enough: the response
 * could reach the browser, and its next request another instance, before that instance has read the
 * message (Redis writes the publisher's reply and the subscribers' messages separately).
 */
export class Sessions {
  private readonly instance = randomBytes(6).toString("hex");
  private seq = 0;
  private readonly waiting = new Map<number, () => void>();

  constructor(
    private readonly db: Executor,
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
    readonly cache = new SessionCache(),
    private readonly find = findSession,
  ) {}

  /**
   * Lookups under way, by cache generation and token hash: a page's requests arrive together, and
   * share one database read. A request after an invalidation (a new generation) never joins an older read.
   */
  private readonly reading = new Map<string, ReturnType<typeof findSession>>();

  /** Subscribes to the instances' changes and to this one's confirmations; resolves once subscribed. */
  async listen(): Promise<Unsubscribe> {
    const offConfirmations = await this.bus.subscribe(confirmationsTo(this.instance), (message) =>
      this.waiting.get(Number(message))?.(),
    );
    const offChanges = await this.bus.subscribe(CHANGES, (message) => this.heard(message));
    return async () => {
      await offChanges();
      await offConfirmations();
    };
  }

  /** The session of the request's cookies: from the cache, else from the database (then cached). */
  async fromCookies(cookies: Record<string, string | undefined>): Promise<Session | null> {
    const token = cookies[SESSION_COOKIE];
    if (!token) return null;
    const tokenHash = hashToken(token);
    const cached = this.cache.get(tokenHash);
    if (cached) return { user: cached, tokenHash };
    const generation = this.cache.current;
    const key = `${generation}:${tokenHash}`;
    let reading = this.reading.get(key);
    if (!reading) {
      reading = this.find(this.db, tokenHash, new Date()).finally(() => this.reading.delete(key));
      this.reading.set(key, reading);
    }
    const found = await reading;
    if (!found) return null;
    this.cache.set(tokenHash, found.user, found.expiresAt.getTime(), generation);
    return { user: found.user, tokenHash };
  }

  /**
   * After a change to the user's sessions or row has committed: forgets them here at once, and resolves
   * once every instance has. A bus that is down (or an instance that does not answer in time) cannot be
   * waited for: the change still stands, and their cached copies expire within the cache's TTL.
   */
  async changed(userId: number): Promise<void> {
    this.cache.forgetUser(userId);
    this.seq += 1;
    const change: Change = { userId, from: this.instance, seq: this.seq };
    let confirmed = 0;
    let expected = Number.POSITIVE_INFINITY;
    let timer: NodeJS.Timeout | undefined;
    const all = new Promise<boolean>((resolve) => {
      const check = () => confirmed >= expected && resolve(true);
      this.waiting.set(change.seq, () => {
        confirmed += 1;
        check();
      });
      timer = setTimeout(() => resolve(false), CONFIRM_TIMEOUT_MS);
      this.bus.publish(CHANGES, JSON.stringify(change)).then(
        (receivers) => {
          expected = receivers;
          check();
        },
        (err: unknown) => {
          this.log.warn({ err, userId }, "could not tell the other instances of a session change");
          resolve(true);
        },
      );
    });
    try {
      if (!(await all)) {
        this.log.warn(
          { userId, confirmed, expected },
          "not every instance confirmed a session change in time",
        );
      }
    } finally {
      clearTimeout(timer);
      this.waiting.delete(change.seq);
    }
  }

  private heard(message: string) {
    let change: Partial<Change> | null = null;
    try {
      change = JSON.parse(message) as Partial<Change>;
    } catch {}
    if (typeof change?.userId !== "number" || typeof change.from !== "string") {
      this.log.warn({ message }, "unreadable session change; forgetting every cached session");
      this.cache.clear();
      return;
    }
    this.cache.forgetUser(change.userId);
    this.bus.publish(confirmationsTo(change.from), String(change.seq)).catch((err: unknown) => {
      this.log.warn({ err }, "could not confirm a session change");
    });
  }
}
