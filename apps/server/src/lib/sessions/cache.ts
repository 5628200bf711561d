import type { SessionUser } from "./lookup.ts";

/**
 * How long a looked-up session is served from memory. It bounds how stale a cached user can be when an
 * invalidation is missed (a Redis reconnect, a write made outside the app); every change the app makes
 * invalidates at once, on this instance and through the bus on the others.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** At 2 KB an entry, about 20 MB at most. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

interface Entry {
  user: SessionUser;
  /** The earlier of the cache's TTL and the session's own expiry (ms since the epoch). */
  until: number;
}

/**
 * Session token hash → its user, for a few seconds. Filled after a database lookup, emptied per user
 * on every change to that user's sessions or row.
 *
 * A lookup that was under way while an invalidation happened must not be stored: it may have read the
 * row before the change committed, and would then serve the old user (or a logged-out session) for a
 * whole TTL. So every invalidation bumps a generation, a lookup notes the generation before it reads,
 * and `set` refuses a result when the generation has moved since.
 */
export class SessionCache {
  private entries = new Map<string, Entry>();
  private byUser = new Map<number, Set<string>>();
  private generation = 0;

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly maxEntries = SESSION_CACHE_MAX_ENTRIES,
  ) {}

  /** The generation to hand back to `set` with the result of a lookup started now. */
  get current(): number {
    return this.generation;
  }

  get size(): number {
    return this.entries.size;
  }

  get(tokenHash: string, now = Date.now()): SessionUser | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now < entry.until) return entry.user;
    this.remove(tokenHash, entry.user.id);
    return undefined;
  }

  /** Stores a lookup's result, unless something was invalidated since it started (`generation`). */
  set(tokenHash: string, user: SessionUser, sessionExpiresAt: number, generation: number, now = Date.now()) {
    if (generation !== this.generation || this.ttlMs <= 0) return;
    const previous = this.entries.get(tokenHash);
    if (previous) this.remove(tokenHash, previous.user.id);
    // Entries expire about in the order they were filled: the expired ones at the head go first.
    for (const [hash, entry] of this.entries) {
      if (now < entry.until) break;
      this.remove(hash, entry.user.id);
    }
    // Oldest first (a Map keeps insertion order): a full cache drops the entry filled longest ago.
    while (this.entries.size >= this.maxEntries) {
      const [oldest, entry] = this.entries.entries().next().value as [string, Entry];
      this.remove(oldest, entry.user.id);
    }
    this.entries.set(tokenHash, { user: frozen(user), until: Math.min(now + this.ttlMs, sessionExpiresAt) });
    let tokens = this.byUser.get(user.id);
    if (!tokens) {
      tokens = new Set();
      this.byUser.set(user.id, tokens);
    }
    tokens.add(tokenHash);
  }

  /** Forgets every cached session of the user, and any lookup still under way. */
  forgetUser(userId: number) {
    this.generation += 1;
    for (const tokenHash of this.byUser.get(userId) ?? []) this.entries.delete(tokenHash);
    this.byUser.delete(userId);
  }

  clear() {
    this.generation += 1;
    this.entries.clear();
    this.byUser.clear();
  }

  private remove(tokenHash: string, userId: number) {
    this.entries.delete(tokenHash);
    const tokens = this.byUser.get(userId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.byUser.delete(userId);
  }
}

/** One object is handed to every request of the session: none of them may change it for the others. */
function frozen(user: SessionUser): SessionUser {
  for (const value of Object.values(user)) if (value && typeof value === "object") Object.freeze(value);
  return Object.freeze(user);
}
