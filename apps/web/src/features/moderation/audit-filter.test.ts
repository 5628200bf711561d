import { describe, expect, it } from "vitest";
import { auditPath } from "./audit-filter";

describe("auditPath", () => {
  it("asks for everything when no filter is set", () => {
    expect(auditPath({ action: "", actor: "", subject: "  " })).toBe("/api/moderation/audit");
  });

  it("sends only the filters that are set, trimmed and encoded", () => {
    expect(auditPath({ action: "suspend", actor: " mo ", subject: "" })).toBe(
      "/api/moderation/audit?action=suspend&actor=mo",
    );
    expect(auditPath({ action: "", actor: "", subject: "a&b c" })).toBe(
      "/api/moderation/audit?subject=a%26b+c",
    );
  });
});
