import {
  CLOSE,
  MAX_FRAME_BYTES,
  MAX_FRAMES_PER_SECOND,
  MAX_QUEUED_FRAMES,
  utf8Bytes,
} from "@kindred/shared/socket-limits";
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import type { UserRow } from "../db/schema/users.ts";
import type { Lane } from "./socket-caps.ts";
import { TokenBucket } from "./token-bucket.ts";

export type SocketKind = "status" | "rtc";

let sequence = 0;

/** At most one "too fast" error a second to a socket whose frames are being shed. */
const SHED_NOTICE_EVERY_MS = 1_000;
const TOO_FAST =
  "You're sending messages faster than the server takes them from one person; some were dropped. Slow down.";

/**
 * One authenticated socket: who it belongs to (from the session, never from a frame), its inbound
 * frames handled one at a time in arrival order (one at a time across the user's sockets), and its
 * flood and size limits.
 */
export class Connection {
  readonly id: string;
  /** Call rooms this socket joined: callId → the other participant's user id. */
  readonly rooms = new Map<number, number>();
  /** Liveness (liveness.ts): heard from since the last check, and pinged at it. */
  heard = false;
  pinged = false;
  /** Frames this socket sent, and how many of them were dropped unread over its user's budget. */
  readonly counts = { frames: 0, shed: 0 };
  private queue: Promise<void> = Promise.resolve();
  /** This socket's frames taken and not yet started. */
  private waiting = 0;
  private readonly ownRate = new TokenBucket(MAX_FRAMES_PER_SECOND, MAX_FRAMES_PER_SECOND, () => Date.now());
  private shedNoticeAt = Number.NEGATIVE_INFINITY;

  constructor(
    readonly socket: WebSocket,
    readonly kind: SocketKind,
    readonly user: Pick<UserRow, "id" | "username">,
    readonly tokenHash: string,
    instanceId: string,
    private readonly log: FastifyBaseLogger,
    /** The user's frame budget across their sockets on this instance (socket-caps.ts); none: unlimited. */
    private readonly userBudget?: TokenBucket,
    /** The user's frame queue across their sockets (socket-caps.ts); none: this socket's own. */
    private readonly lane: Lane = { tail: Promise.resolve() },
  ) {
    sequence += 1;
    this.id = `${instanceId}.${sequence}`;
  }

  get userId(): number {
    return this.user.id;
  }

  send(frame: object): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  error(message: string): void {
    this.send({ type: "error", data: { message } });
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }

  /**
   * Takes every inbound frame; `handle` runs for each, strictly after the previous one of any of the
   * user's sockets finished, so an offer is relayed before the candidates that follow it even when
   * handling awaits the database, and one person never has two frames' work under way at once.
   * Checks cost nothing but a counter, and run before anything is read: over this socket's rate it
   * closes (1008); over its user's budget the frame is dropped unread; a queue that does not drain
   * closes (1013); a closed socket's waiting frames are dropped, not handled.
   */
  onFrames(handle: (text: string) => Promise<void>): void {
    this.socket.on("message", (raw, isBinary) => {
      this.counts.frames += 1;
      this.heard = true;
      if (this.socket.readyState !== this.socket.OPEN) return;
      if (!this.ownRate.take()) return this.close(CLOSE.policy, "Too many messages");
      if (this.userBudget && !this.userBudget.take()) return this.shed();
      if (this.waiting >= MAX_QUEUED_FRAMES) {
        return this.close(CLOSE.tryAgainLater, "The server is busy. Reconnecting shortly.");
      }
      const text = isBinary ? null : raw.toString();
      this.waiting += 1;
      // Behind the user's earlier frames, so behind this socket's too, in order.
      this.queue = this.lane.tail.then(async () => {
        this.waiting -= 1;
        if (this.socket.readyState !== this.socket.OPEN) return;
        if (text === null) return this.error("Messages must be JSON text.");
        if (utf8Bytes(text) > MAX_FRAME_BYTES) return this.error("That message is over the 16 KB limit.");
        await handle(text).catch((err: unknown) => {
          this.log.error({ err }, "socket frame failed");
          this.error("Something went wrong handling that message. Please try again.");
        });
      });
      this.lane.tail = this.queue;
    });
  }

  /** Resolves once the frame being handled, if any, is done (a closed socket's waiting ones are dropped). */
  settled(): Promise<void> {
    return this.queue;
  }

  private shed(): void {
    this.counts.shed += 1;
    const now = Date.now();
    if (now - this.shedNoticeAt < SHED_NOTICE_EVERY_MS) return;
    this.shedNoticeAt = now;
    this.error(TOO_FAST);
  }
}

/** Parses a frame's JSON against a schema; an error sentence instead of throwing. */
export function parseFrame<T>(
  text: string,
  schema: {
    safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: unknown[] } };
  },
): { frame: T } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: "That message is not valid JSON." };
  }
  const type = typeof value === "object" && value !== null ? (value as { type?: unknown }).type : undefined;
  const parsed = schema.safeParse(value);
  if (parsed.success) return { frame: parsed.data };
  if (typeof type !== "string") return { error: 'Every message needs a "type".' };
  const issue = parsed.error.issues[0] as { message?: string; path?: unknown[]; code?: string } | undefined;
  if (issue?.code === "invalid_union" && issue.path?.length === 1) {
    return { error: `Unknown message type "${type.slice(0, 40)}".` };
  }
  const where = issue?.path?.length ? ` (${issue.path.join(".")})` : "";
  return {
    error: `That "${type.slice(0, 40)}" message is malformed${where}: ${issue?.message ?? "invalid"}.`,
  };
}
