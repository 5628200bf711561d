import { COUNTED_AFTER_SECONDS } from "@kindred/shared/call-ladder";
import { type Browser, type BrowserContext, expect, type Page } from "@playwright/test";
import { CallPage } from "../pages/call-page";
import { MatchesPage } from "../pages/matching-matches";
import { onboard } from "../pages/matching-people";
import { CALL_TIME_SCALE } from "./servers";

// Two people calling each other, as the call specs need them.

const contexts: BrowserContext[] = [];

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  return context.newPage();
}

/** Two people in two browsers, matched with each other only (each accepts only their own age). */
export async function matchedPair(browser: Browser, age: number) {
  const callerPage = await newPage(browser);
  const receiverPage = await newPage(browser);
  const caller = await onboard(callerPage, "woman", "cw", age);
  const receiver = await onboard(receiverPage, "man", "cm", age);
  expect((await callerPage.request.post("/api/generate-matches")).status()).toBe(200);
  return { callerPage, receiverPage, caller, receiver };
}

/** The caller presses Call on the receiver's card; the receiver, on /home, sees the banner. */
export async function ring(callerPage: Page, receiverPage: Page, receiverName: string) {
  await receiverPage.goto("/home");
  await expect(receiverPage.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
  const matches = new MatchesPage(callerPage);
  await matches.goto();
  const clickedAt = Date.now();
  await matches.card(receiverName).getByRole("link", { name: "Call", exact: true }).click();
  const callerCall = new CallPage(callerPage);
  await expect(callerCall.state("Calling...")).toBeVisible();
  const banner = receiverPage.getByRole("alertdialog", { name: "Incoming call" });
  // Within a second of the call ringing out.
  await expect(banner).toBeVisible({ timeout: 1_000 });
  console.log(`calls: Call click → banner on the other page ${Date.now() - clickedAt} ms`);
  return { callerCall, banner };
}

/**
 * Waits until the match's active call has been active long enough to count, by the server's clock
 * (its `serverNow` against `activeAt`): a hang-up after this counts the call.
 */
export async function untilCallCounts(page: Page, matchId: number | string) {
  const countsAfterMs = COUNTED_AFTER_SECONDS * 1000 * CALL_TIME_SCALE;
  await expect
    .poll(
      async () => {
        const call = await (await page.request.get(`/api/calls/match/${matchId}/active`)).json();
        return call.activeAt ? Date.parse(call.serverNow) - Date.parse(call.activeAt) : -1;
      },
      { intervals: [250], timeout: countsAfterMs + 5_000 },
    )
    .toBeGreaterThanOrEqual(countsAfterMs);
}

/** After each test: every browser context a test opened is closed. */
export async function closeContexts() {
  for (const context of contexts.splice(0)) await context.close();
}
