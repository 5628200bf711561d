import { z } from "zod";

/** A userId a client may put in `register`/`offline`: read and ignored, the session decides. */
export const claimedUserId = z.union([z.number(), z.string()]).optional();

/** `{type: "error", data: {message}}`: a sentence a tester or developer can act on. */
export const errorFrame = z.object({ type: z.literal("error"), data: z.object({ message: z.string() }) });
export type ErrorFrame = z.infer<typeof errorFrame>;

export const pingFrame = z.object({ type: z.literal("ping"), timestamp: z.number().optional() });
export const pongFrame = z.object({
  type: z.literal("pong"),
  timestamp: z.number().optional(),
  serverTime: z.number(),
});
