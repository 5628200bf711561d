import { z } from "zod";
import { claimedUserId, errorFrame, pingFrame, pongFrame } from "./socket-frames.ts";

/** Online-status socket paths (SPEC §7); /basic-ws also carries `?t=&uid=`, and `uid` is ignored. */
export const STATUS_SOCKET_PATHS = ["/ws", "/basic-ws"] as const;

/** Frames a client sends on the online-status socket. */
export const statusClientFrame = z.discriminatedUnion("type", [
  z.object({ type: z.literal("register"), userId: claimedUserId }),
  z.object({ type: z.literal("heartbeat") }),
  z.object({ type: z.literal("offline"), userId: claimedUserId }),
  pingFrame,
]);
export type StatusClientFrame = z.infer<typeof statusClientFrame>;

export const presenceFrame = z.object({
  type: z.literal("presence"),
  userId: z.number().int(),
  online: z.boolean(),
});
export type PresenceFrame = z.infer<typeof presenceFrame>;

/** Frames the server sends on the online-status socket. */
export const statusServerFrame = z.discriminatedUnion("type", [
  z.object({ type: z.literal("registered"), userId: z.number().int() }),
  z.object({ type: z.literal("ok") }),
  pongFrame,
  presenceFrame,
  errorFrame,
]);
export type StatusServerFrame = z.infer<typeof statusServerFrame>;
