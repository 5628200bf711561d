import { TZDate } from "@date-fns/tz";
import { londonWallTimeToInstant } from "@kindred/shared/london-time";
import { scheduledSlotText } from "@kindred/shared/matches";
import { expect, type Page, test } from "@playwright/test";
import { addMonths, format, setDate } from "date-fns";
import { AppShell } from "./pages/app-shell";
import { DebugMatchesPage } from "./pages/matching-debug";
import { MatchesPage } from "./pages/matching-matches";
import { onboard } from "./pages/matching-people";
import { renderedByTheApp } from "./support/rendered-by-the-app";

const SHOTS = process.env.MATCHING_SCREENSHOTS;

async function screenshot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The 15th of next month on the London calendar: always bookable, whatever today is. */
function nextMonthFifteenth() {
  const day = setDate(addMonths(TZDate.tz("Europe/London"), 1), 15);
  const at = londonWallTimeToInstant(format(day, "yyyy-MM-dd"), "10:00") as Date;
  return { label: format(day, "EEEE, MMMM d, yyyy"), shown: scheduledSlotText(at.toISOString(), new Date()) };
}

test("two people who fit are matched, see each other, and schedule a call", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const her = await onboard(page, "woman", "mw", 30);
  const otherContext = await browser.newContext();
  const hisPage = await otherContext.newPage();
  const him = await onboard(hisPage, "man", "mm", 30);
  const shell = new AppShell(page);
  const mine = new MatchesPage(page);

  // The dashboard: welcome, plan usage, no matches yet, then Find New Matches.
  await page.goto("/home");
  await expect(page.getByRole("heading", { name: `Welcome, ${her.username}` })).toBeVisible();
  await expect(page.getByRole("heading", { name: "How it works" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Upgrade to Premium" })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Matches used" })).toHaveAttribute("aria-valuenow", "0");
  await mine.findButton.click();
  await expect(shell.toast("New Matches Found!")).toBeVisible();
  await expect(shell.notifications.getByText(/^Found \d+ new match\(es\) for you\.$/)).toBeVisible();
  await expect(mine.card(him.username)).toBeVisible();
  await expect(mine.card(him.username).getByText("Expressive and open")).toBeVisible();
  await screenshot(page, "dashboard");

  // He sees her on his matches page, without a photo (locked) and with chat and view locked.
  const his = new MatchesPage(hisPage);
  await his.goto();
  await expect(his.heading).toBeVisible();
  const herCard = his.card(her.username);
  await expect(herCard).toBeVisible();
  await expect(herCard.getByText("Photo locked")).toBeAttached();
  await expect(herCard.getByRole("link", { name: "Call" })).toHaveAttribute(
    "href",
    /^\/call\/\d+\?autoStart=true$/,
  );
  await expect(herCard.getByRole("button", { name: "Chat" })).toBeDisabled();
  await expect(herCard.getByRole("button", { name: "View" })).toBeDisabled();

  // She schedules a call; the card then shows the time, UK time, and Call still works (DECISIONS "Scheduling").
  await mine.goto();
  const day = nextMonthFifteenth();
  const dialog = await mine.scheduleCall(him.username, "10:00 AM", day.label);
  await expect(dialog).toBeHidden();
  await expect(shell.toast("Call scheduled")).toBeVisible();
  const hisCard = mine.card(him.username);
  await expect(hisCard.getByRole("link", { name: "Call", exact: true })).toBeVisible();
  await expect(hisCard.getByText(day.shown, { exact: true })).toBeVisible();
  await mine.openMenu(him.username);
  await expect(page.getByRole("menuitem", { name: "Download invite (.ics)" })).toHaveAttribute(
    "href",
    /\/api\/matches\/\d+\/invite\.ics$/,
  );
  await page.keyboard.press("Escape");

  // Filters.
  await mine.filter.getByRole("radio", { name: /Call Scheduled/ }).click();
  await expect(hisCard).toBeVisible();
  await mine.filter.getByRole("radio", { name: /Chat Unlocked/ }).click();
  await expect(hisCard).toBeHidden();
  await expect(page.getByText("None of your matches fit this view yet.")).toBeVisible();
  await page.getByRole("button", { name: "Show all matches" }).click();
  await expect(hisCard).toBeVisible();

  // The availability indicator opens its detail.
  await hisCard.getByRole("button", { name: /^Availability of / }).click();
  await expect(page.getByRole("dialog", { name: `${him.username}'s call times` })).toBeVisible();
  await page.keyboard.press("Escape");
  await screenshot(page, "matches");

  // He sees the scheduled call too; unmatching on the Free plan asks for an upgrade before any confirmation.
  await hisPage.reload();
  await expect(herCard.getByRole("link", { name: "Call", exact: true })).toBeVisible();
  await herCard.getByRole("button", { name: `Unmatch ${her.username}` }).click();
  await expect(hisPage.getByRole("alertdialog")).toHaveCount(0);
  const upgrade = hisPage.getByRole("dialog", { name: "Upgrade Now" });
  await expect(
    upgrade.getByText(
      "Unmatching is only available for Premium and Elite members. Upgrade your account to access this feature.",
    ),
  ).toBeVisible();
  await expect(upgrade.getByRole("link", { name: "Upgrade Now" })).toHaveAttribute(
    "href",
    "/profile?tab=subscription",
  );
  await hisPage.keyboard.press("Escape");
  await expect(herCard).toBeVisible();

  // Her public profile, and a friendly state for someone he is not matched with.
  await hisPage.goto(`/profile/${her.id}`);
  await expect(hisPage.getByRole("heading", { level: 1, name: her.username })).toBeVisible();
  await expect(hisPage.getByRole("img", { name: `Avatar of ${her.username}` })).toBeVisible();
  await hisPage.goto("/profile/999999999");
  await expect(hisPage.getByRole("heading", { name: "Profile not available" })).toBeVisible();

  // On Premium the same unmatch goes through and the card leaves.
  const upgraded = await hisPage.request.post("/api/subscription", { data: { profileType: "premium" } });
  expect(upgraded.status(), await upgraded.text()).toBe(200);
  await his.goto();
  await expect(hisPage.getByText(/of 5 matches on the Premium plan$/)).toBeVisible();
  await herCard.getByRole("button", { name: `Unmatch ${her.username}` }).click();
  await hisPage.getByRole("alertdialog").getByRole("button", { name: "Unmatch" }).click();
  await expect(new AppShell(hisPage).toast("Successfully unmatched")).toBeVisible();
  await expect(herCard).toBeHidden();

  await otherContext.close();
});

test("/debug-matches asks visitors to sign in and scores candidates for a member", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const debug = new DebugMatchesPage(page);
  await debug.goto();
  await expect(page.getByRole("heading", { name: "Authentication Required" })).toBeVisible();
  await expect(page.getByText("You need to be logged in to access this page.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/auth");

  const otherContext = await browser.newContext();
  const him = await onboard(await otherContext.newPage(), "man", "dm", 34);
  await otherContext.close();
  await onboard(page, "woman", "dw", 34);
  const shell = new AppShell(page);

  await debug.goto();
  await expect(page.getByRole("heading", { name: "Debug Matches" })).toBeVisible();
  await expect(page.getByText("Aberdeen")).toBeVisible();
  await expect(page.getByText("Listen first, then share my perspective")).toBeVisible();
  await debug.generateButton.click();
  await expect(shell.toast("Match Generation Complete")).toBeVisible();
  const row = debug.row(him.username);
  await expect(row).toBeVisible();
  await expect(row.getByText(/^\d+%$/).first()).toBeVisible();
  await screenshot(page, "debug-matches");

  // Generation made the match: block and report ends it at once, on any plan.
  const matchedIds = async () =>
    ((await (await page.request.get("/api/matches")).json()) as { otherUser: { id: number } }[]).map(
      (m) => m.otherUser.id,
    );
  expect(await matchedIds()).toContain(him.id);
  const matches = new MatchesPage(page);
  await matches.goto();
  await matches.openMenu(him.username);
  await page.getByRole("menuitem", { name: "Block and report" }).click();
  const dialog = page.getByRole("dialog", { name: `Block and report ${him.username}` });
  await dialog.getByRole("button", { name: "Block and report" }).click();
  await expect(dialog.getByText("Please choose a reason")).toBeVisible();
  await dialog.getByRole("radio", { name: "Spam or scam" }).click();
  await dialog.getByLabel("Details (optional)").fill("Asked me to move to another app straight away.");
  await dialog.getByRole("button", { name: "Block and report" }).click();
  await expect(shell.toast(`${him.username} has been blocked`)).toBeVisible();
  await expect(matches.card(him.username)).toBeHidden();
  // The server ended it too: he is no longer among her matches, and generating again neither
  // matches nor suggests him.
  expect(await matchedIds()).not.toContain(him.id);
  const again = await page.request.post("/api/generate-matches");
  expect(again.status()).toBe(200);
  const { matchResults, newMatches } = (await again.json()) as {
    matchResults: { id: number }[];
    newMatches: { otherUser: { id: number } }[];
  };
  expect(matchResults.map((r) => r.id)).not.toContain(him.id);
  expect(newMatches.map((m) => m.otherUser.id)).not.toContain(him.id);
});

test("'Limit Reached' leads to the plans; on a phone the schedule dialog shows all of itself", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const otherContext = await browser.newContext();
  const him = await onboard(await otherContext.newPage(), "man", "lm", 37);
  await otherContext.close();
  await onboard(page, "woman", "lw", 37);
  const mine = new MatchesPage(page);
  await mine.goto();
  await mine.findButton.click();
  await expect(mine.card(him.username)).toBeVisible();

  // Her Free plan's 3 matches all used (the list stretched to 3, in the app's own request for it): the
  // button leads to the plans and never asks the server for more.
  await renderedByTheApp(page, "/matches");
  await page.route("**/api/matches", async (route) => {
    const response = await route.fetch();
    const [match] = (await response.json()) as { id: number }[];
    const copies = [0, 1, 2].map((i) => ({ ...match, id: (match?.id ?? 0) + i * 100_000 }));
    await route.fulfill({ response, json: copies });
  });
  let asked = false;
  await page.route("**/api/generate-matches", (route) => {
    asked = true;
    return route.continue();
  });
  await mine.goto();
  await expect(page.getByText("of 3 matches on the Free plan")).toBeVisible();
  await expect(mine.findButton).toHaveCount(0);
  await mine.limitReachedLink.click();
  await expect(page).toHaveURL(/\/profile\/subscription$/);
  await expect(page.getByRole("tab", { name: "Subscription" })).toHaveAttribute("aria-selected", "true");
  expect(asked).toBe(false);
  await page.unrouteAll({ behavior: "ignoreErrors" });

  // 390 × 844: every part of the schedule dialog, Cancel too, is on the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await mine.goto();
  await mine.openMenu(him.username);
  await page.getByRole("menuitem", { name: "Schedule a call" }).click();
  const dialog = page.getByRole("dialog", { name: `Schedule a call with ${him.username}` });
  await expect(dialog).toBeVisible();
  await screenshot(page, "schedule-mobile");
  const cancel = dialog.getByRole("button", { name: "Cancel" });
  await expect(cancel).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole("button", { name: "Schedule Call" })).toBeInViewport({ ratio: 1 });
  const box = await dialog.boundingBox();
  const cancelBox = await cancel.boundingBox();
  expect(box && cancelBox).toBeTruthy();
  if (box && cancelBox) expect(cancelBox.y + cancelBox.height).toBeLessThanOrEqual(box.y + box.height);
});
