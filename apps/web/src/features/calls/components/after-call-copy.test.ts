import { describe, expect, it } from "vitest";
import { progressText, talkedFor, untilChatText } from "./after-call-copy";
import { missedAt } from "./missed-call-time";

describe("the after-call dialog's words", () => {
  it("says how long the call was", () => {
    expect(talkedFor(45)).toBe("45 s");
    expect(talkedFor(300)).toBe("5 min");
    expect(talkedFor(299)).toBe("4 min 59 s");
  });

  it("counts calls along the ladder of three, and past it", () => {
    expect(progressText(1)).toBe("Call 1 of 3 done");
    expect(progressText(3)).toBe("Call 3 of 3 done");
    expect(progressText(4)).toBe("Call 4 done");
  });

  it("says what is left until chat, and nothing once it is open", () => {
    expect(untilChatText(0)).toBe("2 more calls until chat");
    expect(untilChatText(1)).toBe("1 more call until chat");
    expect(untilChatText(2)).toBeNull();
  });
});

describe("a missed call's time", () => {
  it("is the time alone today, with the day before", () => {
    const now = new Date(2026, 10, 27, 15, 0);
    expect(missedAt(new Date(2026, 10, 27, 12, 28).toISOString(), now)).toBe("12:28");
    expect(missedAt(new Date(2026, 10, 24, 9, 5).toISOString(), now)).toBe("24 Nov, 09:05");
  });
});
