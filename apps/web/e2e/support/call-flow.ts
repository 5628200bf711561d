import { COUNTED_AFTER_SECONDS } from "@kindred/shared/call-ladder";
import {
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  type TestInfo,
} from "@playwright/test";
import { CallPage } from "../pages/call-page";
import { MatchesPage } from "../pages/matching-matches";
import { onboard } from "../pages/matching-people";
import { peerStates, trackPeers } from "./peers";
import { CALL_TIME_SCALE } from "./servers";

// Two people calling each other, as the call specs need them.

const contexts: BrowserContext[] = [];
/** Each page's console warnings and errors (a refused signalling frame, say), for a failed test's report. */
const warnings = new WeakMap<Page, string[]>();

/** A page in a browser context of its own, whose peer connections the test can read (support/peers.ts). */
export async function newPage(browser: Browser, options: { baseURL?: string } = {}): Promise<Page> {
  const context = await browser.newContext(options);
  contexts.push(context);
  await trackPeers(context);
  const page = await context.newPage();
  const seen: string[] = [];
  warnings.set(page, seen);
  const started = Date.now();
  page.on("console", (message) => {
    if (message.type() === "warning" || message.type() === "error")
      seen.push(`+${Date.now() - started} ms ${message.type()}: ${message.text().slice(0, 300)}`);
  });
  return page;
}

/** Two people in two browsers, matched with each other only (each accepts only their own age). */
export async function matchedPair(browser: Browser, age: number, options: { baseURL?: string } = {}) {
  const callerPage = await newPage(browser, options);
  const receiverPage = await newPage(browser, options);
  const caller = await onboard(callerPage, "woman", "cw", age);
  const receiver = await onboard(receiverPage, "man", "cm", age);
  expect((await callerPage.request.post("/api/generate-matches")).status()).toBe(200);
  return { callerPage, receiverPage, caller, receiver };
}

/** The incoming-call banner, on whatever page it shows. */
export function incomingBanner(page: Page): Locator {
  return page.getByRole("alertdialog", { name: "Incoming call" });
}

/**
 * The caller presses Call on the receiver's card; the receiver, on /home (or on /matches, `at`), sees
 * the banner.
 */
export async function ring(
  callerPage: Page,
  receiverPage: Page,
  receiverName: string,
  at: "/home" | "/matches" = "/home",
) {
  await receiverPage.goto(at);
  await expect(
    at === "/home"
      ? receiverPage.getByRole("heading", { name: /^Welcome, / })
      : new MatchesPage(receiverPage).heading,
  ).toBeVisible();
  const matches = new MatchesPage(callerPage);
  await matches.goto();
  const clickedAt = Date.now();
  await matches.card(receiverName).getByRole("link", { name: "Call", exact: true }).click();
  const callerCall = new CallPage(callerPage);
  await expect(callerCall.state("Calling...")).toBeVisible();
  const banner = incomingBanner(receiverPage);
  // How fast is printed, not asserted: bench:calls measures it; a loaded machine must not fail the flow.
  await expect(banner).toBeVisible();
  console.log(`calls: Call click → banner on the other page ${Date.now() - clickedAt} ms`);
  const matchId = Number(/\/call\/(\d+)/.exec(callerPage.url())?.[1]);
  return { callerCall, banner, matchId };
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

/** Closes every browser context a test opened. */
export async function closeAllContexts() {
  for (const context of contexts.splice(0)) await context.close();
}

/** After each test: a failed one reports its pages, then every context it opened is closed. */
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads a hook's fixtures from this pattern.
export async function closeContexts({}, testInfo: TestInfo) {
  if (testInfo.status !== testInfo.expectedStatus) await reportPages(contexts);
  await closeAllContexts();
}

/** A failed test prints what each of its pages showed and how its connections stood. */
async function reportPages(open: BrowserContext[]) {
  for (const page of open.flatMap((context) => context.pages())) {
    const report = await Promise.all([
      page
        .getByRole("region", { name: "Call", exact: true })
        .textContent({ timeout: 1_000 })
        .catch(() => "(no call panel)"),
      peerStates(page).catch((err) => [`(peers unreadable: ${err})`]),
    ]).catch((err) => [String(err), []] as const);
    const lately = (warnings.get(page) ?? []).slice(-12);
    console.log(
      `at the failure, ${page.url()}:\n  ${(report[0] ?? "").replace(/\s+/g, " ")}\n  ${[...report[1], ...lately].join("\n  ")}`,
    );
  }
}
