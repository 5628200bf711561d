import { randomBytes } from "node:crypto";
import { CLOSE } from "@kindred/shared/socket-limits";
import type { FastifyBaseLogger } from "fastify";
import type { Bus, Unsubscribe } from "../lib/bus.ts";
import type { RoomStore } from "./backend.ts";
import type { Connection, SocketKind } from "./connection.ts";

/** What travels on a user's channel. The receiving instance picks which of the user's sockets get it. */
export type Envelope =
  | { to: "user"; kind?: SocketKind; frame: object }
  /** `connId`: that one socket only (a peer connection is per socket). */
  | { to: "room"; callId: number; connId?: string; frame: object }
  | { to: "sessions-ended"; tokenHash?: string }
  /** The call ended: the user's sockets leave its room on every instance (nothing more is relayed). */
  | { to: "room-ended"; callId: number };

const userChannel = (userId: number) => `u:${userId}`;

/**
 * This instance's sockets, by user. The first socket of a user subscribes to the user's channel and
 * the last one unsubscribes, so a message to a user reaches every socket of theirs on every instance.
 */
export class Hub {
  readonly instanceId = randomBytes(4).toString("hex");
  private byUser = new Map<number, { conns: Set<Connection>; ready: Promise<Unsubscribe> }>();
  /** Every socket, flat: the liveness round and the instance's beat walk it without copying each user's set. */
  private all = new Set<Connection>();

  constructor(
    private readonly bus: Bus,
    private readonly rooms: RoomStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Adds the socket; resolves once its user's channel is subscribed (messages sent after reach it). */
  async add(conn: Connection): Promise<void> {
    let entry = this.byUser.get(conn.userId);
    if (!entry) {
      const ready = this.bus.subscribe(userChannel(conn.userId), (m) => this.deliver(conn.userId, m));
      entry = { conns: new Set(), ready };
      this.byUser.set(conn.userId, entry);
    }
    entry.conns.add(conn);
    this.all.add(conn);
    await entry.ready;
  }

  async remove(conn: Connection): Promise<void> {
    this.all.delete(conn);
    const entry = this.byUser.get(conn.userId);
    if (!entry?.conns.delete(conn) || entry.conns.size > 0) return;
    this.byUser.delete(conn.userId);
    await (await entry.ready)();
  }

  /** Publishes to a user wherever their sockets are; resolves to how many instances took it. */
  send(userId: number, envelope: Envelope): Promise<number> {
    return this.bus.publish(userChannel(userId), JSON.stringify(envelope));
  }

  connections(): IterableIterator<Connection> {
    return this.all.values();
  }

  get size(): number {
    return this.all.size;
  }

  private deliver(userId: number, message: string): void {
    const conns = this.byUser.get(userId)?.conns;
    if (!conns) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch (err) {
      this.log.warn({ err }, "unreadable bus message");
      return;
    }
    for (const conn of conns) {
      if (envelope.to === "user" && (!envelope.kind || envelope.kind === conn.kind))
        conn.send(envelope.frame);
      if (
        envelope.to === "room" &&
        conn.rooms.has(envelope.callId) &&
        (!envelope.connId || envelope.connId === conn.id)
      )
        conn.send(envelope.frame);
      if (
        envelope.to === "sessions-ended" &&
        (!envelope.tokenHash || envelope.tokenHash === conn.tokenHash)
      ) {
        conn.close(CLOSE.signedOut, "Signed out");
      }
      if (envelope.to === "room-ended") this.roomEnded(conn, envelope.callId);
    }
  }

  /**
   * Out of the room at once (relay() then finds none), and out of the shared registry after. No
   * participant_left: the call is over, and its call:status, which follows, says why.
   */
  private roomEnded(conn: Connection, callId: number): void {
    if (!conn.rooms.delete(callId)) return;
    this.rooms
      .leave(callId, conn.userId, conn.id)
      .catch((err: unknown) => this.log.warn({ err }, "leaving an ended call's room failed"));
  }
}
