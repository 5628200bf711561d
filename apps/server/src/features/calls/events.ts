import { isLiveCall } from "@kindred/shared/calls";
import type { FastifyInstance } from "fastify";
import type { CallRow } from "../../db/schema/calls.ts";
import type { SessionUser } from "../../lib/sessions/lookup.ts";
import { incomingEvent, statusEventFor } from "./present.ts";

/**
 * Tells both participants, on every socket they hold, where the call stands. Once it has ended, by
 * whatever path, its room closes first on every instance: nothing more is relayed in it, and by the
 * time a socket hears the end (the same channel, in order) its room is gone. `blockedBy`: the person
 * who blocked, when a block ended it (only they are told so).
 */
export async function announceCall(
  app: FastifyInstance,
  call: CallRow,
  extra: { warning?: true } = {},
  blockedBy?: number,
) {
  const now = new Date();
  const { hub } = app.realtime;
  await Promise.all(
    [call.initiatorId, call.receiverId].map(async (userId) => {
      if (!isLiveCall(call.status)) await hub.send(userId, { to: "room-ended", callId: call.id });
      await hub.send(userId, {
        to: "user",
        frame: { ...statusEventFor(call, userId, now, blockedBy), ...extra },
      });
    }),
  );
}

/** Rings the receiver: every tab of theirs shows the incoming-call banner. */
export async function ring(app: FastifyInstance, call: CallRow, caller: SessionUser) {
  await app.realtime.hub.send(call.receiverId, { to: "user", frame: incomingEvent(call, caller) });
}
