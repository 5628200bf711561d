import type { IncomingCallEvent } from "@kindred/shared/calls";
import { describe, expect, it } from "vitest";
import { type CallState, INITIAL_CALL_STATE } from "./call-state";
import { callLengthLabel, localExpiry, ringSecondsLeft, secondsToAnswerText, toneFor } from "./ring-tones";

const caller = (change: Partial<CallState>): CallState => ({
  ...INITIAL_CALL_STATE,
  role: "caller",
  stage: "preparing",
  phase: "ringing",
  status: "pending",
  ...change,
});

describe("which tone plays", () => {
  it("rings for a call ringing for me, but not over a call I am in (the banner shows it)", () => {
    expect(toneFor(true, null)).toBe("ringtone");
    expect(toneFor(true, caller({ status: "missed", phase: "ended" }))).toBe("ringtone");
    expect(toneFor(true, caller({ status: "active", phase: "connected" }))).toBeNull();
    expect(
      toneFor(true, { ...caller({ status: "active", phase: "connected" }), role: "receiver" }),
    ).toBeNull();
  });

  it("rings back while my call rings out, and stops once it is answered or over", () => {
    expect(toneFor(false, caller({}))).toBe("ringback");
    expect(toneFor(false, caller({ phase: "connecting" }))).toBe("ringback");
    expect(toneFor(false, caller({ status: "active", phase: "connecting" }))).toBeNull();
    expect(toneFor(false, caller({ status: "missed", phase: "ended" }))).toBeNull();
    // Cancel Call pressed: ended at once, before the server's answer.
    expect(toneFor(false, caller({ hungUp: true, phase: "ended" }))).toBeNull();
    expect(toneFor(false, caller({ error: "x", phase: "error" }))).toBeNull();
  });

  it("is silent before the call rings (no record yet) and for a receiver's session", () => {
    expect(toneFor(false, caller({ status: null, phase: "connecting" }))).toBeNull();
    expect(toneFor(false, { ...caller({}), role: "receiver", stage: "preparing" })).toBeNull();
    expect(toneFor(false, null)).toBeNull();
  });
});

describe("the banner's facts", () => {
  it("names the day and the ladder's length, whatever a test server's time scale", () => {
    expect(callLengthLabel(1, 300)).toBe("Day 1 · 5 minutes");
    expect(callLengthLabel(1, 15)).toBe("Day 1 · 5 minutes");
    expect(callLengthLabel(2, 600)).toBe("Day 2 · 10 minutes");
    expect(callLengthLabel(3, 60)).toBe("Day 3 · 20 minutes");
    // From day 4 the caller's plan decides: the record's length says it.
    expect(callLengthLabel(4, 1800)).toBe("Day 4 · 30 minutes");
    expect(callLengthLabel(5, 1200)).toBe("Day 5 · 20 minutes");
  });

  it("counts the seconds left to answer up, to zero and no further", () => {
    expect(ringSecondsLeft(45_000, 0)).toBe(45);
    expect(ringSecondsLeft(45_000, 44_001)).toBe(1);
    expect(ringSecondsLeft(45_000, 45_000)).toBe(0);
    expect(ringSecondsLeft(45_000, 50_000)).toBe(0);
    expect(secondsToAnswerText(42)).toBe("42 seconds left to answer");
    expect(secondsToAnswerText(1)).toBe("1 second left to answer");
  });

  it("reads the ring's end on the server's clock, for a browser whose clock is wrong", () => {
    const event = (serverNow: string): IncomingCallEvent => ({
      type: "call:incoming",
      callId: 1,
      matchId: 1,
      from: { id: 2, username: "carol", avatar: null },
      expiresAt: "2026-03-01T12:00:45.000Z",
      serverNow,
    });
    // The browser is an hour behind; 40 s of the ring are left by the server.
    const now = Date.parse("2026-03-01T11:00:05.000Z");
    expect(ringSecondsLeft(localExpiry(event("2026-03-01T12:00:05.000Z"), now), now)).toBe(40);
    // Never more than the whole ring, never less than nothing.
    expect(ringSecondsLeft(localExpiry(event("2026-03-01T11:00:00.000Z"), now), now)).toBe(45);
    expect(ringSecondsLeft(localExpiry(event("2026-03-01T12:01:00.000Z"), now), now)).toBe(0);
  });
});
