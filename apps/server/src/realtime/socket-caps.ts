import {
  MAX_SOCKETS_PER_SESSION,
  MAX_SOCKETS_PER_USER,
  USER_FRAME_BURST,
  USER_FRAMES_PER_SECOND,
} from "@kindred/shared/socket-limits";
import { TokenBucket } from "./token-bucket.ts";

/**
 * One user's frames on this instance are handled one at a time, whichever socket they came on: a flood
 * holds at most one database query of its sender's in the line ahead of anyone else's request.
 */
export interface Lane {
  tail: Promise<void>;
}

/** A socket's place in its session's and user's counts, held from the upgrade check to the close. */
export interface SocketSlot {
  /** The user's frame budget on this instance, shared by all their sockets. */
  readonly budget: TokenBucket;
  /** The user's frame queue on this instance, shared by all their sockets. */
  readonly lane: Lane;
  /** Gives the place back; later calls do nothing. */
  release(): void;
}

/**
 * Open sockets per session and per user on this instance. A slot is reserved synchronously at the
 * upgrade check, so parallel upgrades of one session cannot all pass the check before any is counted.
 */
export class SocketCaps {
  private readonly sessions = new Map<string, number>();
  private readonly users = new Map<number, { sockets: number; budget: TokenBucket; lane: Lane }>();

  /** A slot, or null when the session or the user already holds as many sockets as allowed. */
  reserve(userId: number, tokenHash: string): SocketSlot | null {
    const inSession = this.sessions.get(tokenHash) ?? 0;
    let user = this.users.get(userId);
    const full = inSession >= MAX_SOCKETS_PER_SESSION || (user?.sockets ?? 0) >= MAX_SOCKETS_PER_USER;
    if (full) return null;
    if (!user) {
      user = {
        sockets: 0,
        budget: new TokenBucket(USER_FRAMES_PER_SECOND, USER_FRAME_BURST),
        lane: { tail: Promise.resolve() },
      };
      this.users.set(userId, user);
    }
    user.sockets += 1;
    this.sessions.set(tokenHash, inSession + 1);
    const held = user;
    let released = false;
    return {
      budget: held.budget,
      lane: held.lane,
      release: () => {
        if (released) return;
        released = true;
        held.sockets -= 1;
        if (held.sockets === 0) this.users.delete(userId);
        const left = (this.sessions.get(tokenHash) ?? 1) - 1;
        if (left === 0) this.sessions.delete(tokenHash);
        else this.sessions.set(tokenHash, left);
      },
    };
  }

  /** Sockets counted for a session (tests). */
  heldBy(tokenHash: string): number {
    return this.sessions.get(tokenHash) ?? 0;
  }
}
