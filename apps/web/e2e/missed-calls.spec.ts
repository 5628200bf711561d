import { RING_TIMEOUT_MS } from "@kindred/shared/call-ladder";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { MatchesPage } from "./pages/matching-matches";
import { expectNoAxeViolations } from "./support/axe";
import { closeContexts, incomingBanner, matchedPair, ring } from "./support/call-flow";

// Issue 27 §3: a declined or unanswered call leaves a trace for the person who was called: a line on
// their match card and at the top of /chats ('Missed call from carol · 12:28', 'Call back'), and a
// badge on the Matches tab until they open Matches.

test.afterEach(closeContexts);

/** The Matches tab in the header (the viewport is a desktop's), with its badge said aloud. */
const matchesTab = (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Matches/ });

/** 'Missed call from {username} · hh:mm', wherever it shows. */
const missedLine = (page: Page | Locator, username: string) =>
  page.getByText(new RegExp(`^Missed call from ${username} · \\d\\d:\\d\\d$`));

test("a declined and an unanswered call show on the receiver's card and in Chats, badged until Matches is opened; Call back rings", async ({
  browser,
}) => {
  // One ring is left to run out: 45 s, never scaled.
  test.setTimeout(RING_TIMEOUT_MS + 90_000);
  const { callerPage, receiverPage, caller, receiver } = await matchedPair(browser, 91);

  // Declined: the receiver's Matches tab is badged at once, wherever they are.
  const declined = await ring(callerPage, receiverPage, receiver.username);
  await declined.banner.getByRole("button", { name: "Decline" }).click();
  await expect(matchesTab(receiverPage)).toHaveAccessibleName("Matches, 1 missed call");
  await expect(matchesTab(callerPage)).toHaveAccessibleName("Matches");

  await receiverPage.goto("/chats");
  const chatsEntry = receiverPage.getByRole("region", { name: "Missed calls" });
  await expect(missedLine(chatsEntry, caller.username)).toBeVisible();
  await expectNoAxeViolations(receiverPage, "/chats with a missed call");
  // Still badged: only Matches counts as seeing them.
  await expect(matchesTab(receiverPage)).toHaveAccessibleName("Matches, 1 missed call");

  // Opening Matches sees them: the badge goes, the card keeps the trace.
  const matches = new MatchesPage(receiverPage);
  await matchesTab(receiverPage).click();
  await expect(matches.heading).toBeVisible();
  await expect(missedLine(matches.card(caller.username), caller.username)).toBeVisible();
  await expect(matchesTab(receiverPage)).toHaveAccessibleName("Matches");
  await expectNoAxeViolations(receiverPage, "/matches with a missed call");
  await receiverPage.reload();
  await expect(missedLine(matches.card(caller.username), caller.username)).toBeVisible();
  await expect(matchesTab(receiverPage)).toHaveAccessibleName("Matches");

  // Unanswered, while the receiver reads Chats: when the ring runs out the entry and the badge come
  // back live (pushed, not on a reload).
  await receiverPage.goto("/chats");
  await expect(matchesTab(receiverPage)).toHaveAccessibleName("Matches");
  const unanswered = await ring(callerPage, receiverPage, receiver.username, "/home");
  await receiverPage.goto("/chats");
  // While it rings the match's latest call is not a missed one.
  await expect(missedLine(receiverPage, caller.username)).toHaveCount(0);
  await expect(callerPage.getByText("The call was not answered")).toBeVisible({
    timeout: RING_TIMEOUT_MS + 10_000,
  });
  await expect(matchesTab(receiverPage)).toHaveAccessibleName("Matches, 1 missed call");
  await expect(missedLine(chatsEntry, caller.username)).toBeVisible();
  // The caller has missed nothing.
  await expect(matchesTab(callerPage)).toHaveAccessibleName("Matches");
  await expect(missedLine(callerPage, receiver.username)).toHaveCount(0);
  expect(unanswered.matchId).toBe(declined.matchId);

  // Call back from Chats rings the caller, and the trace gives way to the new call.
  await chatsEntry.getByRole("link", { name: `Call back ${caller.username}` }).click();
  await expect(receiverPage).toHaveURL(new RegExp(`/call/${declined.matchId}\\?autoStart=true$`));
  const banner = incomingBanner(callerPage);
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(receiver.username);
  await banner.getByRole("button", { name: "Decline" }).click();
  // Now it is the caller who missed one; they are on Matches (where the unanswered call left them), so
  // it is seen at once: on their card, without a badge.
  await expect(callerPage).toHaveURL(/\/matches$/);
  const callerCard = new MatchesPage(callerPage).card(receiver.username);
  await expect(missedLine(callerCard, receiver.username)).toBeVisible();
  await expect(matchesTab(callerPage)).toHaveAccessibleName("Matches");
  await receiverPage.goto("/matches");
  await expect(matches.heading).toBeVisible();
  await expect(missedLine(receiverPage, caller.username)).toHaveCount(0);
});
