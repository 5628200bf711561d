import type { RoomJoinedFrame } from "../../lib/signalling-socket";

// A call room holds one link per socket of the other person, keyed by that socket's connection id.
// An older server names only users: then the key is `user-{id}` and frames go to all their sockets.

export type Relayed = { fromUserId?: number; fromConnectionId?: string; data?: unknown };

/** The other person's sockets in the room. */
export function peerKeys(joined: RoomJoinedFrame, other: number): string[] {
  if (joined.peers) return joined.peers.filter((p) => p.userId === other).map((p) => p.connectionId);
  return joined.participants.includes(other) ? [`user-${other}`] : [];
}

/** The socket a participant_joined / participant_left is about. */
export function keyOf(frame: { connectionId?: string; userId?: number }): string {
  return frame.connectionId ?? `user-${frame.userId}`;
}

/** The socket a relayed frame came from. */
export function keyFrom(frame: Relayed): string {
  return frame.fromConnectionId ?? `user-${frame.fromUserId}`;
}

/** Whether frames to this key can name one socket. */
export const isConnectionKey = (key: string) => !key.startsWith("user-");
