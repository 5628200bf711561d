import { describe, expect, it, vi } from "vitest";
import type { RoomJoinedFrame, SignalInbound, SignallingSocket } from "../../lib/signalling-socket";
import { call } from "../../test/call-fixtures";
import { FakePc } from "../../test/fake-peer";
import { CallRoom } from "./call-room";

// The room's side of perfect negotiation: who yields is the receiver, from its first link on.

const CALLER = 1;
const RECEIVER = 2;

/** A receiver's room whose join the test answers by hand, and every peer connection it makes. */
async function receiverRoom() {
  let listener: ((frame: SignalInbound) => unknown) | null = null;
  let answerJoin: (frame: RoomJoinedFrame) => void = () => {};
  const socket = {
    connect: vi.fn(async () => {}),
    join: vi.fn(() => new Promise<RoomJoinedFrame>((resolve) => (answerJoin = resolve))),
    onFrame: (l: (frame: SignalInbound) => unknown) => {
      listener = l;
      return () => {};
    },
    send: vi.fn(() => true),
    close: vi.fn(),
  };
  const peers: FakePc[] = [];
  const room = new CallRoom({
    userId: RECEIVER,
    openSocket: () => socket as unknown as SignallingSocket,
    createPeer: () => {
      const pc = new FakePc();
      peers.push(pc);
      return pc as unknown as RTCPeerConnection;
    },
    iceConfig: async () => ({ iceServers: [], iceTransportPolicy: "all" }),
    onMedia: vi.fn(),
    onRemoteStream: vi.fn(),
    onPeerMuted: vi.fn(),
    onQuality: vi.fn(),
    onFatal: vi.fn(),
    onCallStatus: vi.fn(),
    onReconnected: vi.fn(),
  });
  await room.open();
  const push = (frame: object) => listener?.(frame as SignalInbound);
  return { room, peers, push, answerJoin: (frame: RoomJoinedFrame) => answerJoin(frame) };
}

describe("CallRoom", () => {
  it("a ringing receiver yields and awaits the offer even on a link made before its join is answered", async () => {
    const { room, peers, push, answerJoin } = await receiverRoom();
    const joining = room.join(call({ initiatorId: CALLER, receiverId: RECEIVER }));
    // The server relays to a socket from the moment it is in the room, before room_joined is sent.
    const offer = { type: "offer" as const, sdp: "v=0\r\na=offer" };
    await push({
      type: "offer",
      roomId: "call-11",
      fromUserId: CALLER,
      fromConnectionId: "c1",
      data: { sdp: offer },
    });
    answerJoin({
      type: "room_joined",
      roomId: "call-11",
      participants: [CALLER, RECEIVER],
      polite: true,
      peers: [{ userId: CALLER, connectionId: "c1" }],
    } as RoomJoinedFrame);
    await joining;
    expect(peers).toHaveLength(1);
    // Awaiting the offer, it made no audio line of its own (so it never offers while it rings) ...
    expect(peers[0]?.addTransceiver).not.toHaveBeenCalled();
    // ... and took the caller's offer, answering it.
    expect(peers[0]?.remoteDescription).toEqual(offer);
    expect(peers[0]?.localDescription?.type).toBe("answer");
  });
});
