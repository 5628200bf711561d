import { describe, expect, it } from "vitest";
import { appendEntry, errorSentence, formatClock, type LogEntry, roundTripOf } from "./log-entries";

const entry = (id: number): LogEntry => ({ id, at: id, direction: "sent", text: "{}" });

describe("formatClock", () => {
  it("shows HH:MM:SS.mmm on the tester's own clock, whatever their time zone", () => {
    // Local wall-clock instants, so this holds under any TZ (npm run test:unit uses Pacific/Auckland).
    expect(formatClock(new Date(2026, 6, 1, 13, 4, 5, 7).getTime())).toBe("13:04:05.007");
    expect(formatClock(new Date(2026, 0, 15, 23, 59, 59, 999).getTime())).toBe("23:59:59.999");
    expect(formatClock(new Date(2026, 0, 15, 0, 0, 0, 0).getTime())).toBe("00:00:00.000");
  });
});

describe("appendEntry", () => {
  it("adds at the end and keeps only the newest entries", () => {
    let log: readonly LogEntry[] = [];
    for (let i = 1; i <= 5; i++) log = appendEntry(log, entry(i), 3);
    expect(log.map((e) => e.id)).toEqual([3, 4, 5]);
  });
});

describe("reading received frames", () => {
  it("finds the sentence of an error frame", () => {
    expect(errorSentence('{"type":"error","data":{"message":"Join the room first."}}')).toBe(
      "Join the room first.",
    );
    expect(errorSentence('{"type":"pong","serverTime":1}')).toBeUndefined();
    expect(errorSentence("not json")).toBeUndefined();
  });

  it("measures a pong's round trip from the timestamp it echoes", () => {
    expect(roundTripOf('{"type":"pong","timestamp":1000,"serverTime":1003}', 1012)).toBe(12);
    expect(roundTripOf('{"type":"pong","serverTime":1003}', 1012)).toBeUndefined();
    expect(roundTripOf('{"type":"registered","userId":1}', 1012)).toBeUndefined();
  });
});
