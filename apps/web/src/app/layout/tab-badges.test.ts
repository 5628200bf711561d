import { describe, expect, it } from "vitest";
import { tabCount, tabLinkLabel } from "./navigation";

describe("tab badges", () => {
  const counts = { unread: 3, missed: 1 };

  it("counts unread messages on Chats and unseen missed calls on Matches, nothing elsewhere", () => {
    expect(tabCount("Chats", counts)).toBe(3);
    expect(tabCount("Matches", counts)).toBe(1);
    expect(tabCount("Home", counts)).toBe(0);
    expect(tabCount("Profile", counts)).toBe(0);
  });

  it("names a badged tab with its count said aloud, and leaves the others unlabelled", () => {
    expect(tabLinkLabel("Chats", counts)).toBe("Chats, 3 unread");
    expect(tabLinkLabel("Matches", counts)).toBe("Matches, 1 missed call");
    expect(tabLinkLabel("Matches", { unread: 0, missed: 2 })).toBe("Matches, 2 missed calls");
    expect(tabLinkLabel("Matches", { unread: 5, missed: 0 })).toBeUndefined();
    expect(tabLinkLabel("Home", counts)).toBeUndefined();
  });
});
