import { describe, expect, it } from "vitest";
import { callsSummary, emptyThreadText, lockedSentence, messageTime } from "./chat-copy";

describe("conversation header", () => {
  it("says 'No calls yet' before any counted call, then 'Calls completed: N of 3'", () => {
    expect(callsSummary(0)).toBe("No calls yet");
    expect(callsSummary(1)).toBe("Calls completed: 1 of 3");
    expect(callsSummary(2)).toBe("Calls completed: 2 of 3");
    expect(callsSummary(3)).toBe("Calls completed: 3 of 3");
  });

  it("drops 'of 3' past the third call rather than read '5 of 3'", () => {
    expect(callsSummary(5)).toBe("Calls completed: 5");
  });
});

describe("locked chat", () => {
  it("asks for a first call when there has been none", () => {
    expect(lockedSentence(0, "sam")).toBe("Complete an audio call with sam to unlock the chat feature.");
  });

  it("promises the unlock after the next call once one is done", () => {
    expect(lockedSentence(1, "sam")).toBe("Chat will unlock after your audio call with sam is completed.");
  });
});

describe("texts and times", () => {
  it("invites the first message by name", () => {
    expect(emptyThreadText("sam")).toEqual({
      title: "No messages yet",
      text: "Send your first message to sam",
    });
  });

  it("writes a message time as 'h:mm a' on the reader's own clock, whatever their time zone", () => {
    // Instants built from local wall-clock times: the same test holds under any TZ (npm run test:unit
    // uses Pacific/Auckland, far from both UTC and London, so reading either would fail here).
    const local = (h: number, m: number) => new Date(2026, 6, 1, h, m).toISOString();
    expect(messageTime(local(14, 5))).toBe("2:05 PM");
    expect(messageTime(local(0, 30))).toBe("12:30 AM");
    expect(messageTime(local(12, 0))).toBe("12:00 PM");
  });
});
