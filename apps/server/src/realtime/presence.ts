import type { PresenceFrame } from "@kindred/shared/presence";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { livePartnerIds } from "../lib/live-match.ts";
import type { PresenceStore } from "./backend.ts";
import type { Connection } from "./connection.ts";
import type { Hub } from "./hub.ts";

/**
 * Presence (DECISIONS "Presence and realtime"): online while any status socket of the user was heard
 * from within the TTL. Changes only, and only to the user's live matches: nobody else learns it.
 */
export class Presence {
  constructor(
    private readonly store: PresenceStore,
    private readonly hub: Hub,
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async heard(conn: Connection, now = Date.now()): Promise<void> {
    if (await this.store.touch(conn.userId, conn.id, now)) await this.announce(conn.userId, true);
  }

  async gone(conn: Connection, now = Date.now()): Promise<void> {
    if (await this.store.remove(conn.userId, conn.id, now)) await this.announce(conn.userId, false);
  }

  /** Expires connections not heard from within the TTL, including those of a crashed instance. */
  async sweep(now = Date.now()): Promise<void> {
    for (const userId of await this.store.sweep(now)) await this.announce(userId, false);
  }

  /** Which of these users are online. Presence is a nicety: while its store is down, nobody is. */
  async onlineAmong(userIds: readonly number[], now = Date.now()): Promise<Set<number>> {
    try {
      return await this.store.onlineAmong(userIds, now);
    } catch (err) {
      this.log.warn({ err }, "presence store unavailable");
      return new Set();
    }
  }

  private async announce(userId: number, online: boolean): Promise<void> {
    const frame: PresenceFrame = { type: "presence", userId, online };
    const partners = await livePartnerIds(this.db, userId);
    await Promise.all(partners.map((id) => this.hub.send(id, { to: "user", kind: "status", frame })));
  }
}
