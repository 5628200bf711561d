import { expect, type Page, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { CallPage } from "./pages/call-page";
import { MatchesPage } from "./pages/matching-matches";
import { onboard } from "./pages/matching-people";
import { expectNoAxeViolations } from "./support/axe";
import { closeContexts, incomingBanner, matchedPair, newPage } from "./support/call-flow";
import { untilInteractive } from "./support/interactive";

// Issue 27 §2, a ring you notice: the receiver hears a ringtone (the caller a ring-back), the tab's
// title flashes, focus is on Answer (first in the tab order), a phone shows a full-screen sheet and a
// desktop banner says the call's length and the seconds left to answer. Named calls-* so that it
// queues with the other call specs (playwright.config.ts CALL_SPECS).

test.afterEach(closeContexts);

/** Whether the page's tone is playing: its <audio> is not paused and has played some of itself. */
function tonePlaying(page: Page, tone: "ringtone" | "ringback"): Promise<boolean> {
  return page
    .locator(`audio[data-tone="${tone}"]`)
    .evaluate((a: HTMLAudioElement) => !a.paused && !a.ended && a.currentTime > 0);
}

const poll = { intervals: [200], timeout: 10_000 };

/** The caller presses Call on the receiver's card; the call page rings out. */
async function call(
  callerPage: Page,
  receiverName: string,
): Promise<{ callerCall: CallPage; matchId: number }> {
  const matches = new MatchesPage(callerPage);
  await matches.goto();
  await matches.card(receiverName).getByRole("link", { name: "Call", exact: true }).click();
  const callerCall = new CallPage(callerPage);
  await expect(callerCall.state("Calling...")).toBeVisible();
  return { callerCall, matchId: Number(/\/call\/(\d+)/.exec(callerPage.url())?.[1]) };
}

test("desktop: a ringtone, a flashing title, focus on Answer, the call's length and seconds left; Enter answers", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // The receiver stays on /home, where signing up left them: a page they have used, as a person would.
  const { callerPage, receiverPage, caller, receiver } = await matchedPair(browser, 81);
  await expect(receiverPage.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
  const homeTitle = await receiverPage.title();
  expect(await tonePlaying(receiverPage, "ringtone")).toBe(false);

  const { callerCall } = await call(callerPage, receiver.username);
  const banner = incomingBanner(receiverPage);
  await expect(banner).toBeVisible();
  await expect(
    receiverPage.getByRole("alertdialog", { name: `Incoming call from ${caller.username}` }),
  ).toBeVisible();

  // Heard on both sides while it rings.
  await expect.poll(() => tonePlaying(receiverPage, "ringtone"), poll).toBe(true);
  await expect.poll(() => tonePlaying(callerPage, "ringback"), poll).toBe(true);
  expect(await tonePlaying(callerPage, "ringtone")).toBe(false);

  // The title flashes: the call's words, then the page's own, again and again.
  await expect.poll(() => receiverPage.title(), poll).toBe(`${caller.username} is calling`);
  await expect.poll(() => receiverPage.title(), poll).toBe(homeTitle);
  await expect.poll(() => receiverPage.title(), poll).toBe(`${caller.username} is calling`);

  // The day's length, and the seconds left by the server's clock (its expiresAt).
  await expect(banner).toContainText("Day 1 · 5 minutes");
  const [incoming] = (await (await receiverPage.request.get("/api/calls/incoming")).json()) as {
    expiresAt: string;
  }[];
  const left = banner.getByText(/^\d+ seconds? left to answer$/);
  await expect
    .poll(async () => {
      const shown = Number(/\d+/.exec((await left.textContent()) ?? "")?.[0]);
      return Math.abs(shown - (Date.parse(incoming?.expiresAt ?? "") - Date.now()) / 1000);
    }, poll)
    .toBeLessThan(1.5);

  // Focus is on Answer, and nothing comes before it: Shift+Tab leaves the page, Tab comes back to it.
  const answer = banner.getByRole("button", { name: "Answer" });
  await expect(answer).toBeFocused();
  await receiverPage.keyboard.press("Shift+Tab");
  expect(await receiverPage.evaluate(() => document.activeElement === document.body)).toBe(true);
  await receiverPage.keyboard.press("Tab");
  await expect(answer).toBeFocused();
  await expectNoAxeViolations(receiverPage, "the ringing banner");

  // One Enter answers: both on the call, every tone stops, the title is the page's again.
  await receiverPage.keyboard.press("Enter");
  const receiverCall = new CallPage(receiverPage);
  await expect(receiverCall.state("On Call")).toBeVisible();
  await expect(callerCall.state("On Call")).toBeVisible();
  await expect.poll(() => tonePlaying(receiverPage, "ringtone"), poll).toBe(false);
  await expect.poll(() => tonePlaying(callerPage, "ringback"), poll).toBe(false);
  await expect.poll(() => receiverPage.title(), poll).not.toContain("is calling");
  await receiverCall.button("Hang Up").click();
});

test("phone: a full-screen sheet; Decline stops the ringtone, the ring-back and the title, and focus returns", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const callerPage = await newPage(browser);
  const receiverPage = await newPage(browser);
  await receiverPage.setViewportSize({ width: 390, height: 844 });
  const caller = await onboard(callerPage, "woman", "rw", 82);
  const receiver = await onboard(receiverPage, "man", "rm", 82);
  expect((await callerPage.request.post("/api/generate-matches")).status()).toBe(200);
  await expect(receiverPage.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
  const homeTitle = await receiverPage.title();
  // Something on the page has focus before it rings: it has it back after. The tab bar's link: a
  // 'Matches' link of /home's content can come ahead of it in the page once the content has loaded.
  const before = new AppShell(receiverPage).bottomNav.getByRole("link", { name: "Matches" });
  await untilInteractive(receiverPage);
  await before.focus();

  const { callerCall } = await call(callerPage, receiver.username);
  const sheet = receiverPage.getByRole("alertdialog", { name: `Incoming call from ${caller.username}` });
  await expect(sheet).toBeVisible();
  // The whole screen.
  expect(await sheet.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
  await expect(sheet).toContainText("Day 1 · 5 minutes");
  await expect(sheet.getByRole("button", { name: "Answer" })).toBeFocused();
  await expect.poll(() => tonePlaying(receiverPage, "ringtone"), poll).toBe(true);
  await expect.poll(() => tonePlaying(callerPage, "ringback"), poll).toBe(true);
  await expect.poll(() => receiverPage.title(), poll).toBe(`${caller.username} is calling`);
  // Tab stays on the sheet (it covers the page).
  await receiverPage.keyboard.press("Tab");
  await receiverPage.keyboard.press("Tab");
  await expect(sheet.getByRole("button", { name: "Answer" })).toBeFocused();
  await expectNoAxeViolations(receiverPage, "the ringing sheet");

  await sheet.getByRole("button", { name: "Decline" }).click();
  await expect(sheet).toHaveCount(0);
  await expect(before).toBeFocused();
  await expect.poll(() => tonePlaying(receiverPage, "ringtone"), poll).toBe(false);
  await expect.poll(() => receiverPage.title(), poll).toBe(homeTitle);
  // The caller's ring-back stops when the call ends unanswered.
  await expect(callerCall.state("Calling...")).toHaveCount(0);
  await expect.poll(() => tonePlaying(callerPage, "ringback"), poll).toBe(false);
});
