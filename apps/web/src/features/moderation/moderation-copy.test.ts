import type { Decision } from "@kindred/shared/moderation";
import { describe, expect, it } from "vitest";
import {
  actorName,
  appealedDecisionText,
  countText,
  daysText,
  decidedText,
  matchContextText,
  senderName,
} from "./moderation-copy";

const decision: Decision = {
  id: 4,
  userId: 9,
  action: "suspend",
  days: 7,
  endsAt: "2026-12-12T18:05:00.000Z",
  rule: "harassment",
  note: null,
  moderator: { id: 2, username: "mo" },
  createdAt: "2026-12-05T18:05:00.000Z",
};

describe("counts and lengths", () => {
  it("says one and many", () => {
    expect(daysText(1)).toBe("1 day");
    expect(daysText(30)).toBe("30 days");
    expect(countText(1, "reporter")).toBe("1 reporter");
    expect(countText(0, "call")).toBe("0 calls");
    expect(countText(3, "reporter")).toBe("3 reporters");
  });
});

describe("the audit log's actor", () => {
  it("names the person, else the automatic measure, else the command line", () => {
    expect(actorName({ actor: { id: 2, username: "mo" }, automatic: false })).toBe("mo");
    expect(actorName({ actor: null, automatic: true })).toBe("Automatic");
    expect(actorName({ actor: null, automatic: false })).toBe("Command line");
  });
});

describe("a decision in words", () => {
  it("confirms each action", () => {
    expect(decidedText("sam", { action: "suspend", days: 7 })).toBe("Suspended sam for 7 days.");
    expect(decidedText("sam", { action: "suspend", days: 1 })).toBe("Suspended sam for 1 day.");
    expect(decidedText("sam", { action: "ban", days: null })).toBe("Banned sam.");
    expect(decidedText("sam", { action: "warn", days: null })).toBe("Warned sam.");
    expect(decidedText("sam", { action: "dismiss", days: null })).toBe("Dismissed the case of sam.");
  });

  it("names an appealed decision with its length only for a suspension", () => {
    expect(appealedDecisionText(decision, "Harassment or threats")).toBe(
      "Suspend (7 days) under Harassment or threats, by mo",
    );
    expect(appealedDecisionText({ ...decision, action: "ban", days: null }, "Hate")).toBe(
      "Ban under Hate, by mo",
    );
  });
});

describe("a report's context", () => {
  it("says the match in a line", () => {
    const match = { matchedAt: "2026-12-01T10:00:00.000Z", status: "blocked", calls: 1, chatUnlocked: false };
    expect(matchContextText(match)).toBe("blocked · 1 call · chat unlocked: no");
    expect(matchContextText({ ...match, calls: 2, chatUnlocked: true })).toBe(
      "blocked · 2 calls · chat unlocked: yes",
    );
  });

  it("names each side of the attached messages", () => {
    expect(senderName("reported", { id: 1, username: "rep" }, "sam")).toBe("sam");
    expect(senderName("reporter", { id: 1, username: "rep" }, "sam")).toBe("rep");
    expect(senderName("reporter", null, "sam")).toBe("Deleted account");
  });
});
