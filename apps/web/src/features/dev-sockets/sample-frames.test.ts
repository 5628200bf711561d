import { statusClientFrame } from "@kindred/shared/presence";
import { signalClientFrame } from "@kindred/shared/signalling";
import { MAX_FRAME_BYTES, utf8Bytes } from "@kindred/shared/socket-limits";
import { describe, expect, it } from "vitest";
import {
  buildAnswer,
  buildCallInitiate,
  buildHeartbeat,
  buildIceCandidate,
  buildIceComplete,
  buildJoinRoom,
  buildLeaveRoom,
  buildOffer,
  buildOffline,
  buildPing,
  buildRegister,
  DEFAULT_ROOM_ID,
  SAMPLE_MATCH_IDS,
} from "./sample-frames";

const room = { roomId: "call-1" };
const targeted = { roomId: "call-1", targetUserId: 7 };

describe("sample frames", () => {
  it("offers the product's sample match ids and the room of call 1", () => {
    expect(SAMPLE_MATCH_IDS).toEqual([32, 1]);
    expect(DEFAULT_ROOM_ID).toBe("call-1");
  });

  it("builds /rtc frames the server's own schema accepts, within the size limit", () => {
    const frames = [
      buildRegister(5),
      buildPing(1_700_000_000_000),
      buildJoinRoom("call-1"),
      buildLeaveRoom("call-1"),
      buildOffer(room),
      buildAnswer(targeted),
      buildIceCandidate(room),
      buildIceComplete(targeted),
      buildCallInitiate({ matchId: 32, callId: 1 }),
    ];
    for (const frame of frames) {
      expect(signalClientFrame.safeParse(frame).success, JSON.stringify(frame)).toBe(true);
      expect(utf8Bytes(JSON.stringify(frame))).toBeLessThan(MAX_FRAME_BYTES);
    }
  });

  it("builds online-status frames the server's own schema accepts", () => {
    for (const frame of [buildRegister(5), buildHeartbeat(), buildOffline(5), buildPing(1)]) {
      expect(statusClientFrame.safeParse(frame).success, JSON.stringify(frame)).toBe(true);
    }
  });

  it("names the call in join_room only when the room is a call room", () => {
    expect(buildJoinRoom("call-12")).toEqual({ type: "join_room", roomId: "call-12", data: { callId: 12 } });
    expect(buildJoinRoom("lobby")).toEqual({ type: "join_room", roomId: "lobby" });
  });

  it("puts targetUserId in a relayed frame only when one is given", () => {
    expect(buildIceComplete(room)).toEqual({ type: "ice_complete", roomId: "call-1" });
    expect("targetUserId" in buildOffer(room)).toBe(false);
    expect(buildIceComplete(targeted)).toEqual({ type: "ice_complete", roomId: "call-1", targetUserId: 7 });
  });

  it("carries SDP of the right kind and a complete ICE candidate", () => {
    const offer = buildOffer(room);
    const answer = buildAnswer(room);
    expect(offer.data.sdp.type).toBe("offer");
    expect(answer.data.sdp.type).toBe("answer");
    expect(offer.data.sdp.sdp).toMatch(/^v=0\r\n[\s\S]*m=audio /);
    expect(buildIceCandidate(room).data.candidate).toEqual({
      candidate: expect.stringMatching(/^candidate:/),
      sdpMid: "0",
      sdpMLineIndex: 0,
    });
  });

  it("makes 'call-initiate' a pending call:status for the chosen match and call", () => {
    expect(buildCallInitiate({ matchId: 32, callId: 1 })).toEqual({
      type: "call:status",
      matchId: 32,
      callId: 1,
      status: "pending",
    });
  });

  it("stamps ping with the time it is sent", () => {
    expect(buildPing(123)).toEqual({ type: "ping", timestamp: 123 });
  });
});
