import { describe, expect, it } from "vitest";
import { isExpiredLink, isFinalAnswer } from "./link-errors";

describe("a mailed link's refusals", () => {
  it("a 400 about the link (no field, or the token) is 'expired'; one about the password is the form's", () => {
    expect(isExpiredLink({ status: 400 })).toBe(true);
    expect(isExpiredLink({ status: 400, field: "token" })).toBe(true);
    expect(isExpiredLink({ status: 400, field: "password" })).toBe(false);
    expect(isExpiredLink({ status: 429 })).toBe(false);
    expect(isExpiredLink(new TypeError("Failed to fetch"))).toBe(false);
    expect(isExpiredLink(null)).toBe(false);
  });

  it("only a 4xx is the server's last word on a token", () => {
    expect([400, 404, 429].map((status) => isFinalAnswer({ status }))).toEqual([true, true, true]);
    expect([500, 503].map((status) => isFinalAnswer({ status }))).toEqual([false, false]);
    expect(isFinalAnswer(new Error("offline"))).toBe(false);
  });
});
