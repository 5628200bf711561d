import { PLANS, PROFILE_TYPES } from "@kindred/shared/plans";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { MatchesPage } from "./pages/matching-matches";
import { ProfilePage } from "./pages/onboarding-profile-page";
import { expectNoAxeViolations } from "./support/axe";
import { closeContexts, matchedPair, ring, untilCallCounts } from "./support/call-flow";
import { untilInteractive } from "./support/interactive";

// Issue 27 §7: limits and locks explained, not failed. The server runs with CALL_TIME_SCALE=0.05 here.

test.afterEach(closeContexts);

const LIMIT_SENTENCE = "2 of 2 calls today · next from midnight";

function planCard(page: Page): Locator {
  return page.getByRole("region", { name: "Your plan" });
}

/** A locked action: a button (no link to follow), aria-disabled, described by the visible line. */
async function expectLocked(action: Locator, why: string) {
  await expect(action).toHaveAttribute("aria-disabled", "true");
  await expect(action).toHaveAccessibleDescription(why);
  await expect(action).not.toHaveAttribute("title", /./);
}

/** The caller rings, the receiver answers, the call runs past the counting threshold and the caller hangs up. */
async function countedCall(callerPage: Page, receiverPage: Page, receiverName: string) {
  const { callerCall, banner, matchId } = await ring(callerPage, receiverPage, receiverName);
  await banner.getByRole("button", { name: "Answer" }).click();
  await expect(callerCall.state("On Call")).toBeVisible();
  await untilCallCounts(callerPage, matchId);
  await callerCall.button("Hang Up").click();
  await expect(callerPage).toHaveURL(/\/matches$/);
}

test("a Free user's two calls: the same limit sentence on the card and the home plan card, locks described", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { callerPage, receiverPage, receiver } = await matchedPair(browser, 87);
  await callerPage.goto("/home");
  await expect(planCard(callerPage)).toContainText("Calls today: 0 of 2");

  // After the first counted call: one of two used, and one more call until chat.
  await countedCall(callerPage, receiverPage, receiver.username);
  await callerPage.goto("/home");
  await expect(planCard(callerPage)).toContainText("Calls today: 1 of 2");
  const matches = new MatchesPage(callerPage);
  await matches.goto();
  const card = matches.card(receiver.username);
  const progress = "1 more call until chat · 2 until photos";
  await expect(card.getByText(progress, { exact: true })).toBeVisible();
  const chat = card.getByRole("button", { name: "Chat", exact: true });
  const view = card.getByRole("button", { name: "View", exact: true });
  await expectLocked(chat, progress);
  await expectLocked(view, progress);
  // Both sit in the tab order, right after Call.
  await untilInteractive(callerPage);
  await card.getByRole("link", { name: "Call", exact: true }).focus();
  await callerPage.keyboard.press("Tab");
  await expect(chat).toBeFocused();
  await callerPage.keyboard.press("Tab");
  await expect(view).toBeFocused();

  // The second counted call is the Free plan's last of the day; it unlocks chat.
  await countedCall(callerPage, receiverPage, receiver.username);
  await callerPage.goto("/home");
  await expect(planCard(callerPage)).toContainText(LIMIT_SENTENCE);
  const homeCard = new MatchesPage(callerPage).card(receiver.username);
  const call = homeCard.getByRole("button", { name: "Call", exact: true });
  await expectLocked(call, LIMIT_SENTENCE);
  await expect(homeCard.getByText(LIMIT_SENTENCE, { exact: true })).toBeVisible();
  await expect(homeCard.getByRole("link", { name: "Chat", exact: true })).toBeVisible();
  await expectLocked(homeCard.getByRole("button", { name: "View", exact: true }), "1 more call until photos");
  // Pressing the locked Call goes nowhere: no call page, no 'Call Failed'.
  await untilInteractive(callerPage);
  await call.focus();
  await expect(call).toBeFocused();
  await callerPage.keyboard.press("Enter");
  await expect(callerPage).toHaveURL(/\/home$/);
  await expectNoAxeViolations(callerPage, "/home at the daily call limit");

  await matches.goto();
  await expectLocked(card.getByRole("button", { name: "Call", exact: true }), LIMIT_SENTENCE);
  await expect(card.getByText(LIMIT_SENTENCE, { exact: true })).toBeVisible();
  await expectNoAxeViolations(callerPage, "/matches at the daily call limit");
});

test("before any call: locks say why, unmatch on Free asks for an upgrade first, plan cards list the limits", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { callerPage: page, receiver } = await matchedPair(browser, 88);
  const matches = new MatchesPage(page);
  await matches.goto();
  const card = matches.card(receiver.username);
  const progress = "2 more calls until chat · 3 until photos";
  await expect(card.getByText(progress, { exact: true })).toBeVisible();
  await expectLocked(card.getByRole("button", { name: "Chat", exact: true }), progress);
  await expectLocked(card.getByRole("button", { name: "View", exact: true }), progress);
  await expect(card.getByRole("link", { name: "Call", exact: true })).toBeVisible();
  await expectNoAxeViolations(page, "/matches with locked actions");

  // Free has no unmatch: the button says so at once, with no destructive confirmation first.
  await card.getByRole("button", { name: `Unmatch ${receiver.username}` }).click();
  const upgrade = page.getByRole("dialog", { name: "Upgrade Now" });
  await expect(
    upgrade.getByText(
      "Unmatching is only available for Premium and Elite members. Upgrade your account to access this feature.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expectNoAxeViolations(page, "the unmatch upgrade dialog");
  await page.keyboard.press("Escape");
  await expect(upgrade).toBeHidden();
  await expect(card).toBeVisible();

  // The plan cards list calls per day and photos after N calls, from the plans table.
  const profile = new ProfilePage(page);
  await page.goto("/profile?tab=subscription");
  for (const type of PROFILE_TYPES) {
    const plan = PLANS[type];
    const n = plan.revealAfterCalls;
    const shown = profile.plan(plan.label as "Free" | "Premium" | "Elite");
    await expect(shown).toContainText(`Up to ${plan.callsPerDay} calls a day`);
    await expect(shown).toContainText(`Photos revealed after ${n} ${n === 1 ? "call" : "calls"}`);
  }

  // On Premium the same button asks for the confirmation instead.
  const upgraded = await page.request.post("/api/subscription", { data: { profileType: "premium" } });
  expect(upgraded.status(), await upgraded.text()).toBe(200);
  await matches.goto();
  await card.getByRole("button", { name: `Unmatch ${receiver.username}` }).click();
  const confirm = page.getByRole("alertdialog", { name: `Unmatch ${receiver.username}?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(card).toBeVisible();
});
