import { afterEach, describe, expect, it, vi } from "vitest";
import { callingTitle, TitleFlash } from "./title-flash";

afterEach(() => vi.useRealTimers());

describe("the tab title while a call rings", () => {
  it("alternates '{username} is calling' with the page's title, and gives the title back", () => {
    vi.useFakeTimers();
    const tab = { title: "Home · Kindred" };
    const flash = new TitleFlash(tab, callingTitle("carol"), 1_000);
    flash.start();
    expect(tab.title).toBe("carol is calling");
    vi.advanceTimersByTime(1_000);
    expect(tab.title).toBe("Home · Kindred");
    vi.advanceTimersByTime(1_000);
    expect(tab.title).toBe("carol is calling");
    flash.stop();
    expect(tab.title).toBe("Home · Kindred");
    vi.advanceTimersByTime(5_000);
    expect(tab.title).toBe("Home · Kindred");
  });

  it("follows a page that changes its title meanwhile, and restores the new one", () => {
    vi.useFakeTimers();
    const tab = { title: "Home · Kindred" };
    const flash = new TitleFlash(tab, callingTitle("carol"), 1_000);
    flash.start();
    tab.title = "Matches · Kindred"; // a navigation while it rings
    vi.advanceTimersByTime(1_000);
    expect(tab.title).toBe("carol is calling");
    vi.advanceTimersByTime(1_000);
    expect(tab.title).toBe("Matches · Kindred");
    vi.advanceTimersByTime(1_000);
    flash.stop();
    expect(tab.title).toBe("Matches · Kindred");
  });

  it("leaves a title the page set after the last swap alone when it stops", () => {
    const tab = { title: "Home · Kindred" };
    const flash = new TitleFlash(tab, callingTitle("carol"), 1_000);
    flash.start();
    tab.title = "Audio Call · Kindred";
    flash.stop();
    expect(tab.title).toBe("Audio Call · Kindred");
  });
});
