import { expect, type Page, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { CallPage } from "./pages/call-page";
import { ConversationPage } from "./pages/conversation-page";
import { MatchesPage } from "./pages/matching-matches";
import { expectNoAxeViolations } from "./support/axe";
import { closeContexts, matchedPair, ring, untilCallCounts } from "./support/call-flow";

// Issue 27 §5: arriving at /matches after a call (SPEC's toast and redirect unchanged), a dialog that
// never blocks the page says what the call was and changed, from the server: its length, 'Call 1 of 3
// done', the unlocks, a private note saved to Notes, and the next call to schedule.

test.afterEach(closeContexts);

const afterCallDialog = (page: Page, username: string) =>
  page.getByRole("dialog", { name: `Your call with ${username}` });

/** Rings, answers, waits (by the server's clock) until the call counts, and the caller hangs up. */
async function countedCall(callerPage: Page, receiverPage: Page, receiverName: string) {
  const { callerCall, banner, matchId } = await ring(callerPage, receiverPage, receiverName);
  await banner.getByRole("button", { name: "Answer" }).click();
  const receiverCall = new CallPage(receiverPage);
  await expect(callerCall.state("On Call")).toBeVisible();
  await expect(receiverCall.state("On Call")).toBeVisible();
  await untilCallCounts(callerPage, matchId);
  await callerCall.button("Hang Up").click();
  for (const page of [callerPage, receiverPage]) {
    await expect(new AppShell(page).toast("Your call has ended. Redirecting to matches...")).toBeVisible();
    await expect(page).toHaveURL(/\/matches$/);
  }
  return matchId;
}

test("after a counted call: its length and progress, a note saved to Notes, the next call to schedule; the second unlocks chat and photos", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { callerPage, receiverPage, caller, receiver } = await matchedPair(browser, 93);
  // Premium on both sides: photos are revealed after the second call, with the chat.
  for (const page of [callerPage, receiverPage]) {
    const res = await page.request.post("/api/subscription", { data: { profileType: "premium" } });
    expect(res.status()).toBe(200);
  }

  const matchId = await countedCall(callerPage, receiverPage, receiver.username);
  for (const [page, other] of [
    [callerPage, receiver.username],
    [receiverPage, caller.username],
  ] as const) {
    const dialog = afterCallDialog(page, other);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(/You talked for \d+ s\./);
    await expect(dialog).toContainText("Call 1 of 3 done · 1 more call until chat");
    await expect(dialog).not.toContainText("Chat is now unlocked");
    await expect(dialog.getByRole("button", { name: "Schedule your next call (10 minutes)" })).toBeVisible();
    // Never blocking: the page behind it still works.
    await expect(new MatchesPage(page).card(other)).toBeVisible();
    await new MatchesPage(page).filter.getByRole("radio").first().click();
  }

  // The caller writes a private note from the dialog; it is in their Notes, not the other's.
  const dialog = afterCallDialog(callerPage, receiver.username);
  await expectNoAxeViolations(callerPage, "/matches with the after-call dialog");
  await dialog.getByRole("textbox", { name: `A private note about ${receiver.username}` }).fill("Loves jazz");
  await dialog.getByRole("button", { name: "Save note" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Saved to your notes.");
  const notesOf = async (page: Page) =>
    (await (await page.request.get(`/api/matches/${matchId}/notes`)).json()) as { content: string }[];
  expect((await notesOf(callerPage)).map((n) => n.content)).toEqual(["Loves jazz"]);
  expect(await notesOf(receiverPage)).toEqual([]);

  // 'Schedule your next call' opens the schedule dialog in its place.
  await dialog.getByRole("button", { name: "Schedule your next call (10 minutes)" }).click();
  await expect(dialog).toHaveCount(0);
  const schedule = callerPage.getByRole("dialog", { name: `Schedule a call with ${receiver.username}` });
  await expect(schedule).toBeVisible();
  await schedule.getByRole("button", { name: "Cancel" }).click();
  await expect(schedule).toHaveCount(0);

  // Dismissed, and not shown again on a reload.
  const receiverDialog = afterCallDialog(receiverPage, caller.username);
  await receiverDialog.getByRole("button", { name: "Done" }).click();
  await expect(receiverDialog).toHaveCount(0);
  await receiverPage.reload();
  await expect(new MatchesPage(receiverPage).heading).toBeVisible();
  await expect(new MatchesPage(receiverPage).card(caller.username)).toBeVisible();
  await expect(receiverDialog).toHaveCount(0);

  // The second counted call unlocks the chat and reveals the photos.
  await countedCall(callerPage, receiverPage, receiver.username);
  const second = afterCallDialog(callerPage, receiver.username);
  await expect(second).toContainText("Call 2 of 3 done");
  await expect(second).toContainText(`Chat is now unlocked: say hello to ${receiver.username}`);
  await expect(second).toContainText("Your photos are revealed to each other");
  await expect(second.getByRole("button", { name: "Schedule your next call (20 minutes)" })).toBeVisible();
  await expectNoAxeViolations(callerPage, "/matches with the after-call dialog, after unlocks");
  await expect(afterCallDialog(receiverPage, caller.username)).toContainText(
    `Chat is now unlocked: say hello to ${caller.username}`,
  );
  await second.getByRole("link", { name: "Open chat" }).click();
  await expect(callerPage).toHaveURL(new RegExp(`/conversation/${matchId}$`));

  // The note from the first call is in Notes.
  const conversation = new ConversationPage(callerPage);
  await conversation.openNotes();
  await expect(conversation.note("Loves jazz")).toBeVisible();
});
