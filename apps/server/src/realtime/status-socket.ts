import { statusClientFrame } from "@kindred/shared/presence";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema/users.ts";
import { type Connection, parseFrame } from "./connection.ts";
import type { Presence } from "./presence.ts";

/**
 * The online-status socket (/ws, /basic-ws). Opening it is being online; `register` is answered with
 * the session's user id whatever id it names; `offline` (sent on leaving the page) and closing end it.
 */
export function serveStatusSocket(conn: Connection, presence: Presence): void {
  conn.onFrames(async (text) => {
    const parsed = parseFrame(text, statusClientFrame);
    if ("error" in parsed) return conn.error(parsed.error);
    const frame = parsed.frame;
    switch (frame.type) {
      case "register":
        await presence.heard(conn);
        return conn.send({ type: "registered", userId: conn.userId });
      case "heartbeat":
        await presence.heard(conn);
        return conn.send({ type: "ok" });
      case "offline":
        return presence.gone(conn);
      case "ping":
        return conn.send({ type: "pong", timestamp: frame.timestamp, serverTime: Date.now() });
    }
  });
}

/** A status socket closed: the person had a Kindred page open until now (no notification mail for 5 minutes). */
export async function stampLastActive(db: Db, userId: number, now = new Date()): Promise<void> {
  await db.update(users).set({ lastActiveAt: now }).where(eq(users.id, userId));
}
