import type { CallAllowance } from "@kindred/shared/calls";
import { describe, expect, it } from "vitest";
import { type DialGateInput, dialGate, offlineText } from "./dial-gate";

const NOW = new Date("2026-03-01T12:00:00.000Z");
const left: CallAllowance = { used: 1, limit: 2, remaining: 1, resetsAt: "2026-03-02T00:00:00.000Z" };
const spent: CallAllowance = { used: 2, limit: 2, remaining: 0, resetsAt: "2026-03-02T00:00:00.000Z" };
const input = (patch: Partial<DialGateInput> = {}): DialGateInput => ({
  sessionLive: false,
  activeCall: null,
  otherOnline: true,
  allowance: left,
  confirmed: false,
  now: NOW,
  ...patch,
});

describe("before the call page dials (issue 27 §2, §7)", () => {
  it("dials when they are online and calls are left", () => {
    expect(dialGate(input()).kind).toBe("open");
  });

  it("asks first when they are offline; 'Call anyway' goes ahead", () => {
    expect(dialGate(input({ otherOnline: false })).kind).toBe("offline");
    expect(dialGate(input({ otherOnline: false, confirmed: true })).kind).toBe("open");
    expect(offlineText("bob")).toBe("bob isn't online right now.");
  });

  it("never holds back a call that already rings or runs, offline or over the limit", () => {
    const ringing = { status: "pending" };
    expect(dialGate(input({ activeCall: ringing, otherOnline: false, allowance: spent })).kind).toBe("open");
    expect(dialGate(input({ sessionLive: true, activeCall: undefined, otherOnline: false })).kind).toBe(
      "open",
    );
  });

  it("does not dial past the day's limit", () => {
    expect(dialGate(input({ allowance: spent }))).toEqual({ kind: "limit", allowance: spent });
    // A new London day has begun: the old count no longer holds.
    expect(dialGate(input({ allowance: spent, now: new Date("2026-03-02T00:00:01.000Z") })).kind).toBe(
      "open",
    );
  });

  it("waits while it does not know yet", () => {
    expect(dialGate(input({ activeCall: undefined })).kind).toBe("checking");
    expect(dialGate(input({ otherOnline: undefined })).kind).toBe("checking");
  });
});
