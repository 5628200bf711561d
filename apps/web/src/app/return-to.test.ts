import { describe, expect, it } from "vitest";
import { returnPathFrom, returnStateFor, safeReturnPath } from "./return-to";

describe("where /auth sends a person after signing in", () => {
  it("back to the protected page they came from, query and anchor kept", () => {
    const state = returnStateFor({ pathname: "/matches", search: "?filter=active", hash: "#top" });
    expect(returnPathFrom(state)).toBe("/matches?filter=active#top");
    expect(returnPathFrom({ from: "/conversation/12" })).toBe("/conversation/12");
  });

  it("to /home when nothing (or nothing usable) was remembered", () => {
    expect(returnPathFrom(undefined)).toBe("/home");
    expect(returnPathFrom(null)).toBe("/home");
    expect(returnPathFrom("/matches")).toBe("/home");
    expect(returnPathFrom({ from: 42 })).toBe("/home");
    expect(returnPathFrom({ from: "/auth?tab=login" })).toBe("/home");
    expect(returnPathFrom({ from: "/" })).toBe("/home");
  });

  it("never off this site", () => {
    for (const path of [
      "https://evil.example/home",
      "//evil.example/home",
      "/\\evil.example",
      "\\\\evil.example",
      "/\tevil",
      "javascript:alert(1)",
      "matches",
      "",
    ]) {
      expect(safeReturnPath(path), path).toBeNull();
    }
    expect(safeReturnPath("/profile/subscription")).toBe("/profile/subscription");
  });
});
