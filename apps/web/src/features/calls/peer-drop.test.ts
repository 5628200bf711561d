import { describe, expect, it } from "vitest";
import { call, callStatusEvent as event } from "../../test/call-fixtures";
import {
  type CallEvent,
  type CallState,
  callReducer,
  INITIAL_CALL_STATE,
  updateFromCall,
  updateFromEvent,
} from "./call-state";
import {
  dropSince,
  formatGrace,
  graceSecondsLeft,
  peerDropped,
  peerDroppedText,
  peerLeftText,
} from "./peer-drop";

const run = (...events: CallEvent[]): CallState => events.reduce(callReducer, INITIAL_CALL_STATE);
const active: CallEvent = { type: "update", update: updateFromEvent(event()), receivedAt: 0 };
const media = (connected: boolean): CallEvent => ({ type: "media", connected });
const up = { otherOnline: true, selfConnected: true };

describe("the other person dropping off a call (issue 27 §4)", () => {
  const onCall = run({ type: "preparing", role: "caller" }, active, media(true));

  it("is seen when their audio stops or their socket leaves", () => {
    expect(peerDropped(onCall, up)).toBe(false);
    expect(peerDropped(callReducer(onCall, media(false)), up)).toBe(true);
    expect(peerDropped(onCall, { ...up, otherOnline: false })).toBe(true);
  });

  it("is not theirs while my own socket is down", () => {
    expect(peerDropped(callReducer(onCall, media(false)), { ...up, selfConnected: false })).toBe(false);
  });

  it("needs an answered call that had audio: ringing or still connecting is not a drop", () => {
    const ringing = run(
      { type: "preparing", role: "caller" },
      {
        type: "update",
        update: updateFromCall(call()),
        receivedAt: 0,
      },
      { type: "joined" },
    );
    expect(peerDropped(ringing, { ...up, otherOnline: false })).toBe(false);
    const connecting = run({ type: "preparing", role: "caller" }, active);
    expect(peerDropped(connecting, { ...up, otherOnline: false })).toBe(false);
    const ended = callReducer(onCall, { type: "hung-up" });
    expect(peerDropped(ended, { ...up, otherOnline: false })).toBe(false);
  });

  it("counts the server's grace down from when the drop was first seen", () => {
    const since = dropSince(null, true, 1_000);
    expect(since).toBe(1_000);
    expect(dropSince(since, true, 6_000)).toBe(1_000);
    expect(dropSince(since, false, 7_000)).toBeNull();
    expect(graceSecondsLeft(1_000, 1_000, 20_000)).toBe(20);
    expect(graceSecondsLeft(1_000, 6_000, 20_000)).toBe(15);
    expect(graceSecondsLeft(1_000, 30_000, 20_000)).toBe(0);
  });

  it("words it as the issue does", () => {
    expect(formatGrace(15)).toBe("0:15");
    expect(formatGrace(75)).toBe("1:15");
    expect(peerDroppedText("alice", 15)).toBe(
      "alice's connection dropped. Waiting for them to come back… 0:15",
    );
    expect(peerLeftText("alice")).toBe("alice left the call");
  });
});
