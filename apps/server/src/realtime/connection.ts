import { CLOSE, MAX_FRAME_BYTES, MAX_FRAMES_PER_SECOND, utf8Bytes } from "@kindred/shared/socket-limits";
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import type { UserRow } from "../db/schema/users.ts";

export type SocketKind = "status" | "rtc";

let sequence = 0;

/**
 * One authenticated socket: who it belongs to (from the session, never from a frame), its inbound
 * frames handled one at a time in arrival order, and its flood and size limits.
 */
export class Connection {
  readonly id: string;
  /** Call rooms this socket joined: callId → the other participant's user id. */
  readonly rooms = new Map<number, number>();
  alive = true;
  private queue: Promise<void> = Promise.resolve();
  private windowStart = 0;
  private framesInWindow = 0;

  constructor(
    readonly socket: WebSocket,
    readonly kind: SocketKind,
    readonly user: Pick<UserRow, "id" | "username">,
    readonly tokenHash: string,
    instanceId: string,
    private readonly log: FastifyBaseLogger,
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
   * Takes every inbound frame; `handle` runs for each, strictly after the previous one finished, so
   * an offer is relayed before the candidates that follow it even when handling awaits the database.
   */
  onFrames(handle: (text: string) => Promise<void>): void {
    this.socket.on("message", (raw, isBinary) => {
      if (!this.withinRate()) {
        this.close(CLOSE.policy, "Too many messages");
        return;
      }
      const text = isBinary ? null : raw.toString();
      this.queue = this.queue.then(async () => {
        if (text === null) return this.error("Messages must be JSON text.");
        if (utf8Bytes(text) > MAX_FRAME_BYTES) return this.error("That message is over the 16 KB limit.");
        await handle(text).catch((err: unknown) => {
          this.log.error({ err }, "socket frame failed");
          this.error("Something went wrong handling that message. Please try again.");
        });
      });
    });
  }

  private withinRate(now = Date.now()): boolean {
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.framesInWindow = 0;
    }
    this.framesInWindow += 1;
    return this.framesInWindow <= MAX_FRAMES_PER_SECOND;
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
