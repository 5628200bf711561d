import { describe, expect, it } from "vitest";
import { pageNameFor, recentPageViews, resetAnalytics, trackPageView } from "./analytics";

describe("analytics page views (SPEC §7)", () => {
  it("names the product's pages and nothing else", () => {
    expect(pageNameFor("/home")).toBe("home");
    expect(pageNameFor("/profile")).toBe("profile");
    expect(pageNameFor("/settings")).toBe("settings");
    expect(pageNameFor("/settings/")).toBe("settings");
    expect(pageNameFor("/profile/subscription")).toBe("settings");
    expect(pageNameFor("/profile", "?tab=subscription")).toBe("settings");
    expect(pageNameFor("/profile/12")).toBeNull();
    expect(pageNameFor("/matches/")).toBe("matches");
    expect(pageNameFor("/chats")).toBe("chats");
    expect(pageNameFor("/conversation/4")).toBe("conversation");
    expect(pageNameFor("/call/4")).toBe("call");
    expect(pageNameFor("/")).toBeNull();
    expect(pageNameFor("/auth")).toBeNull();
  });

  it("keeps the latest 100, carries only the page and time, and forgets them at logout", () => {
    resetAnalytics();
    const t0 = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 130; i++) trackPageView(i % 2 ? "home" : "matches", new Date(t0 + i * 1000));
    const views = recentPageViews();
    expect(views).toHaveLength(100);
    expect(views[0]?.at).toBe(new Date(t0 + 30_000).toISOString());
    expect(Object.keys(views[0] ?? {}).sort()).toEqual(["at", "name"]);
    resetAnalytics();
    expect(recentPageViews()).toEqual([]);
  });
});
