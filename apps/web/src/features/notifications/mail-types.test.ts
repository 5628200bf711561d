import { MAIL_TYPES } from "@kindred/shared/mail";
import { describe, expect, it } from "vitest";
import { MAIL_TYPE_COPY, mailTypeOf } from "./mail-types";

describe("mail notification types", () => {
  it("reads an unsubscribe link's type, and nothing else", () => {
    for (const type of MAIL_TYPES) expect(mailTypeOf(type)).toBe(type);
    expect(mailTypeOf("account")).toBeNull();
    expect(mailTypeOf("")).toBeNull();
    expect(mailTypeOf(null)).toBeNull();
  });

  it("names each switch apart from the push switches of the same section", () => {
    const push = ["Incoming calls", "Scheduled call reminders", "Messages", "Matches and unlocks"];
    const labels = MAIL_TYPES.map((type) => MAIL_TYPE_COPY[type].label);
    expect(new Set(labels).size).toBe(MAIL_TYPES.length);
    for (const label of labels) expect(push).not.toContain(label);
    expect(MAIL_TYPE_COPY.calls.stops).toBe("missed call emails");
  });
});
