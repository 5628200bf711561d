import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { classifySendFailure, RETRY_CAP_MS, retryDelayMs } from "./retry-policy";

describe("classifySendFailure", () => {
  it("retries when no answer came (offline, aborted, timed out)", () => {
    expect(classifySendFailure(new TypeError("Failed to fetch"))).toEqual({ kind: "retry" });
    expect(classifySendFailure(new Error("No answer"))).toEqual({ kind: "retry" });
  });

  it("retries a server fault and a request timeout", () => {
    for (const status of [500, 502, 503, 504, 408]) {
      expect(classifySendFailure(new ApiError(status, "Busy", null)).kind, String(status)).toBe("retry");
    }
  });

  it("stops at any other 4xx and keeps the server's sentence for the bubble", () => {
    const cases: Array<[number, string]> = [
      [400, "Please keep a message under 2,000 characters"],
      [403, "Chat will unlock after your second audio call."],
      [404, "Match not found"],
      [429, "You are sending messages too quickly. Please wait a moment."],
    ];
    for (const [status, sentence] of cases) {
      expect(classifySendFailure(new ApiError(status, sentence, { message: sentence }))).toEqual({
        kind: "refused",
        reason: sentence,
      });
    }
  });
});

describe("retryDelayMs", () => {
  it("doubles from 1 s and stops growing at 30 s", () => {
    const none = () => 0;
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => retryDelayMs(n, none))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it("adds under half a second of jitter", () => {
    expect(retryDelayMs(1, () => 0.999)).toBe(1_499);
    expect(retryDelayMs(99, () => 0.999)).toBeLessThan(RETRY_CAP_MS + 500);
  });
});
