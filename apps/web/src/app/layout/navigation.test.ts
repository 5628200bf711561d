import { describe, expect, it } from "vitest";
import { NAV_ITEMS, showBottomNav, showFooter, showHeader } from "./navigation";

const active = (path: string) => NAV_ITEMS.filter((item) => item.matches(path)).map((item) => item.label);

describe("chrome visibility", () => {
  it("hides the header on / and /auth only", () => {
    expect(showHeader("/")).toBe(false);
    expect(showHeader("/auth")).toBe(false);
    expect(showHeader("/auth/")).toBe(false);
    expect(showHeader("/home")).toBe(true);
    expect(showHeader("/ws-diagnostics")).toBe(true);
  });

  it("hides the bottom bar on /, /auth and call pages", () => {
    expect(showBottomNav("/")).toBe(false);
    expect(showBottomNav("/auth")).toBe(false);
    expect(showBottomNav("/call/12")).toBe(false);
    expect(showBottomNav("/matches")).toBe(true);
  });

  it("hides the footer on call pages only", () => {
    expect(showFooter("/call/3")).toBe(false);
    expect(showFooter("/")).toBe(true);
    expect(showFooter("/auth")).toBe(true);
  });
});

describe("active tab", () => {
  it("follows the path", () => {
    expect(active("/home")).toEqual(["Home"]);
    expect(active("/matches")).toEqual(["Matches"]);
    expect(active("/matches/5")).toEqual(["Matches"]);
    expect(active("/debug-matches")).toEqual([]);
    expect(active("/chats")).toEqual(["Chats"]);
    expect(active("/profile")).toEqual(["Profile"]);
    expect(active("/profile/subscription")).toEqual(["Profile"]);
    expect(active("/profile/42")).toEqual([]);
    expect(active("/nope")).toEqual([]);
  });
});
