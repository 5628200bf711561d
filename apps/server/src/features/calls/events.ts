import type { FastifyInstance } from "fastify";
import type { CallRow } from "../../db/schema/calls.ts";
import type { SessionUser } from "../../lib/sessions/lookup.ts";
import { incomingEvent, statusEventFor } from "./present.ts";

/** Tells both participants, on every socket they hold, where the call stands. */
export async function announceCall(app: FastifyInstance, call: CallRow, extra: { warning?: true } = {}) {
  const now = new Date();
  await Promise.all(
    [call.initiatorId, call.receiverId].map((userId) =>
      app.realtime.hub.send(userId, {
        to: "user",
        frame: { ...statusEventFor(call, userId, now), ...extra },
      }),
    ),
  );
}

/** Rings the receiver: every tab of theirs shows the incoming-call banner. */
export async function ring(app: FastifyInstance, call: CallRow, caller: SessionUser) {
  await app.realtime.hub.send(call.receiverId, { to: "user", frame: incomingEvent(call, caller) });
}
