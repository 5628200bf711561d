import { expect, test } from "@playwright/test";
import { LandingPage } from "./pages/landing-page";
import { expectNoAxeViolations } from "./support/axe";
import { closeContexts, matchedPair } from "./support/call-flow";
import { untilInteractive } from "./support/interactive";

// axe (WCAG 2.0/2.1 A and AA, and heading order) on every page of the route table, signed out and
// signed in, and on the dialogs those pages open.

test.afterEach(closeContexts);

test("every page a visitor can open passes axe", async ({ page }) => {
  test.setTimeout(150_000); // seven pages, each checked whole by axe (up to 15 s a page here)
  for (const path of [
    "/",
    "/auth?tab=login",
    "/auth?tab=register",
    "/nope",
    "/debug-matches",
    "/simple-ws-test",
    "/ws-diagnostics",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, path);
  }
  // The landing page's phone menu, open.
  await page.setViewportSize({ width: 390, height: 844 });
  await new LandingPage(page).goto();
  const menu = page.getByRole("button", { name: /menu/i });
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expectNoAxeViolations(page, "/ with the phone menu open");
});

test("every page and dialog of a matched member passes axe", async ({ browser }) => {
  test.setTimeout(360_000); // fifteen pages and their dialogs, each checked whole by axe
  const { callerPage: page, receiver } = await matchedPair(browser, 60);
  const matches = await (await page.request.get("/api/matches")).json();
  const matchId = matches[0].id as number;
  const otherId = matches[0].otherUser.id as number;
  for (const path of [
    "/home",
    "/matches",
    "/profile",
    "/profile/subscription",
    "/settings",
    `/profile/${otherId}`,
    "/chats",
    `/conversation/${matchId}`,
    `/call/${matchId}`,
    "/socket-test",
    "/rtc-test",
    "/simple-rtc-test",
    "/rtc-test-old",
    "/ws-diagnostics",
    "/debug-matches",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, path);
  }

  await page.goto("/matches");
  await page.getByRole("button", { name: `More options for ${receiver.username}` }).click();
  await page.getByRole("menuitem", { name: "Schedule a call" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoAxeViolations(page, "the schedule dialog");

  // Closing returns focus to what opened it: here the card's menu button, whose item is gone by then.
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("button", { name: `More options for ${receiver.username}` })).toBeFocused();

  await page.goto("/profile/subscription");
  const choose = page.getByRole("button", { name: "Choose Premium" });
  await choose.click();
  const confirm = page.getByRole("alertdialog").or(page.getByRole("dialog"));
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(page, "the plan change dialog");
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await expect(choose).toBeFocused();
});

test("the photo's button is the one tab stop for uploading, and the plan card reads '1 of 3 matches used'", async ({
  browser,
}) => {
  const { callerPage: page } = await matchedPair(browser, 61);
  await page.goto("/profile");
  const upload = page.locator("button", { hasText: "Upload photo" });
  await untilInteractive(page);
  await upload.focus();
  // The hidden file input sits just before the button: it must not be a stop of its own.
  await page.keyboard.press("Shift+Tab");
  const focusedType = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type);
  expect(await focusedType()).not.toBe("file");
  await page.keyboard.press("Tab");
  await expect(upload).toBeFocused();

  await page.goto("/home");
  await expect(page.getByRole("region", { name: "Your plan" })).toContainText("1 of 3 matches used");
});

test("the avatar picker is a grid the arrow keys move through, each emoji named", async ({ browser }) => {
  const { callerPage: page } = await matchedPair(browser, 62);
  await page.goto("/profile");
  await page.getByRole("button", { name: "Change avatar" }).click();
  const grid = page.getByRole("grid", { name: "Avatar emojis" });
  await expect(grid.getByRole("row")).toHaveCount(8);
  // The chosen one (the fox) is the grid's one tab stop.
  await expect(grid.getByRole("button", { name: "fox", pressed: true })).toBeVisible();
  await grid.getByRole("button", { name: "fox" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(grid.getByRole("button", { name: "panda" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(grid.getByRole("button", { name: "monkey" })).toBeFocused();
  await page.keyboard.press("Home");
  await expect(grid.getByRole("button", { name: "koala" })).toBeFocused();
  await page.keyboard.press("Control+End");
  await expect(grid.getByRole("button", { name: "die" })).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Change avatar" })).toBeFocused();
  await expect.poll(async () => (await (await page.request.get("/api/user")).json()).avatar).toBe("⚽");
});
