import type { FastifyPluginAsync } from "fastify";
import type { CallClock } from "./clock.ts";
import { serveSignalling } from "./signalling.ts";

/**
 * The calls' sockets: /rtc, the signalling of call rooms. A participant whose last socket leaves an
 * active call's room starts the clock's grace, after which the call ends unless they are back.
 */
export const callSockets: FastifyPluginAsync<{ clock: CallClock }> = async (app, { clock }) => {
  const { hub, rooms } = app.realtime;
  app.realtime.serve("rtc", (conn) =>
    serveSignalling(conn, {
      db: app.db,
      hub,
      rooms,
      roomLeft: (callId, userId) => clock.participantLeft(callId, userId),
    }),
  );
};
