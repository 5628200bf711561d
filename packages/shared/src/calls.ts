import { z } from "zod";

import { CALL_STATUSES } from "./call-basics.ts";

export {
  CALL_STATUSES,
  type CallStatus,
  callIdOfRoom,
  callRoomId,
  isLiveCall,
  LIVE_CALL_STATUSES,
  NOT_ANSWERED_MESSAGE,
} from "./call-basics.ts";

export const callStatusSchema = z.enum(CALL_STATUSES);

// ---- HTTP: SPEC §7 calls API. ----

/** POST /api/calls. Only matchId is needed; the rest, when sent, must agree with the server. */
export const createCallSchema = z.object({
  matchId: z.number({ error: "Please say which match to call" }).int().positive().max(2_147_483_647),
  initiatorId: z.number().int().optional(),
  receiverId: z.number().int().optional(),
  callDay: z.number().int().optional(),
});
export type CreateCallInput = z.infer<typeof createCallSchema>;

/** PATCH /api/calls/{id}. A client-sent endTime or startTime is accepted and ignored: times are the server's. */
export const updateCallSchema = z.object({
  status: z.enum(["active", "completed", "rejected", "cancelled"], {
    error: "Status must be active, completed, rejected or cancelled",
  }),
  endTime: z.string().optional(),
  startTime: z.string().optional(),
});
export type UpdateCallInput = z.infer<typeof updateCallSchema>;

export const callSchema = z.object({
  id: z.number().int(),
  matchId: z.number().int(),
  initiatorId: z.number().int(),
  receiverId: z.number().int(),
  startTime: z.string(),
  activeAt: z.string().nullable(),
  /** When an active call ends, by the server's clock. */
  deadline: z.string().nullable(),
  endTime: z.string().nullable(),
  duration: z.number().int().nullable(),
  callDay: z.number().int(),
  status: callStatusSchema,
  /** The length this call has (or will have once answered), in seconds, CALL_TIME_SCALE applied. */
  lengthSeconds: z.number().int(),
  /** The server's clock when this was sent, for the client's offset. */
  serverNow: z.string(),
});
export type Call = z.infer<typeof callSchema>;

/** What a caller may still start today (DECISIONS "Plans": calls started per day, London days). */
export const callAllowanceSchema = z.object({
  used: z.number().int(),
  limit: z.number().int(),
  remaining: z.number().int(),
  /** When the count starts again: the next midnight in London. */
  resetsAt: z.string(),
});
export type CallAllowance = z.infer<typeof callAllowanceSchema>;

export const iceConfigSchema = z.object({
  iceServers: z.array(
    z.object({
      urls: z.union([z.string(), z.array(z.string())]),
      username: z.string().optional(),
      credential: z.string().optional(),
    }),
  ),
  iceTransportPolicy: z.enum(["all", "relay"]),
});
export type IceConfig = z.infer<typeof iceConfigSchema>;

// ---- Socket events: pushed to every socket of both participants (/ws and /rtc). ----

export const CALL_END_REASONS = [
  "hangup",
  "declined",
  "missed",
  "cancelled",
  "deadline",
  "peer_gone",
  // The match ended during the call (DECISIONS "Safety"). Only the person who blocked is told
  // "blocked"; the other is told "unmatched", so a block is never revealed.
  "blocked",
  "unmatched",
] as const;
export type CallEndReason = (typeof CALL_END_REASONS)[number];

/** The one shape of call news: the call's state, its deadline, and the server's clock. */
export const callStatusEventSchema = z.object({
  type: z.literal("call:status"),
  callId: z.number().int(),
  matchId: z.number().int(),
  status: callStatusSchema,
  activeAt: z.string().nullable(),
  deadlineAt: z.string().nullable(),
  serverNow: z.string(),
  /** Why it ended; a decline reaches the caller as "missed" (it must look like no answer). */
  reason: z.enum(CALL_END_REASONS).optional(),
  /** Set once, CALL_WARNING_SECONDS before the deadline. */
  warning: z.boolean().optional(),
});
export type CallStatusEvent = z.infer<typeof callStatusEventSchema>;

/** To the receiver's every socket while the call rings; also GET /api/calls/incoming. */
export const incomingCallSchema = z.object({
  type: z.literal("call:incoming"),
  callId: z.number().int(),
  matchId: z.number().int(),
  from: z.object({ id: z.number().int(), username: z.string(), avatar: z.string().nullable() }),
  expiresAt: z.string(),
  /** The server's clock when this was sent, so that expiresAt can be read on a wrong browser clock. */
  serverNow: z.string(),
});
export type IncomingCallEvent = z.infer<typeof incomingCallSchema>;
