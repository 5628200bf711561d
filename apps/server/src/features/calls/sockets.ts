import { callRoomId } from "@kindred/shared/calls";
import type { FastifyPluginAsync } from "fastify";
import type { CallClock } from "./clock.ts";
import { findLiveCallFor } from "./data.ts";
import { serveSignalling } from "./signalling.ts";

/**
 * The calls' sockets: /rtc, the signalling of call rooms. A participant whose last socket leaves an
 * active call's room starts the clock's grace, after which the call ends unless they are back. So
 * does one whose instance crashed: the survivors reclaim its rooms every heartbeat, and the one that
 * took a participant's last membership tells the other participant, as a leave would.
 */
export const callSockets: FastifyPluginAsync<{ clock: CallClock }> = async (app, { clock }) => {
  const { hub, rooms } = app.realtime;
  const roomLeft = (callId: number, userId: number) => clock.participantLeft(callId, userId);
  app.realtime.serve("rtc", (conn) => serveSignalling(conn, { db: app.db, hub, rooms, roomLeft }));

  async function reclaim() {
    for (const { callId, userId, connIds } of await rooms.reclaim()) {
      const found = await findLiveCallFor(app.db, callId, userId);
      if (!found) continue;
      roomLeft(callId, userId);
      // One participant_left per socket, as a leave sends: a peer connection runs per socket.
      for (const connectionId of connIds) {
        await hub.send(found.otherUserId, {
          to: "room",
          callId,
          frame: { type: "participant_left", roomId: callRoomId(callId), userId, connectionId },
        });
      }
    }
  }

  const everyMs = app.backend.heartbeatMs;
  if (everyMs <= 0) return;
  let running = false;
  const reclaimer = setInterval(() => {
    if (running) return;
    running = true;
    reclaim()
      .catch((err: unknown) => app.log.warn({ err }, "reclaiming a crashed instance's rooms failed"))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  reclaimer.unref();
  app.addHook("preClose", async () => clearInterval(reclaimer));
};
