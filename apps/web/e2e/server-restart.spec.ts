import { TIMERS } from "@kindred/shared/constants";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { CallPage } from "./pages/call-page";
import { MatchesPage } from "./pages/matching-matches";
import { onboard } from "./pages/matching-people";
import { type AppProcess, freshDataDir, startApp } from "./support/app-process";
import { OWN_APP_PORT } from "./support/servers";

// A deploy restarts the server under open pages (issue 25 §4): it closes every socket with 1012, and the
// pages must come back by themselves, not when each person reloads. This spec owns its app (the shared
// one cannot be restarted): its own port and database, kept across the restart.

const PORT = OWN_APP_PORT;
// No drain: this app has no balancer to tell, and the sockets close as soon as it is told to stop.
const ENV = { SHUTDOWN_DRAIN_MS: "0" };
let dataDir = "";
let app: AppProcess | null = null;
const contexts: BrowserContext[] = [];

test.beforeAll(async () => {
  dataDir = freshDataDir(PORT);
  app = await startApp(PORT, dataDir, ENV);
});

test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

test.afterAll(async () => {
  await app?.stop();
});

/** When each of this page's online-status sockets (/ws) was registered by the server, as they happen. */
function registrations(page: Page): number[] {
  const at: number[] = [];
  page.on("websocket", (ws) => {
    if (new URL(ws.url()).pathname !== "/ws") return;
    ws.on("framereceived", ({ payload }) => {
      if (typeof payload === "string" && payload.includes('"type":"registered"')) at.push(Date.now());
    });
  });
  return at;
}

test("after a server restart, open pages reconnect by themselves and a call placed then rings", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const openPage = async () => {
    const context = await browser.newContext({ baseURL: app?.url });
    contexts.push(context);
    return context.newPage();
  };
  const callerPage = await openPage();
  const receiverPage = await openPage();
  const callerSockets = registrations(callerPage);
  const receiverSockets = registrations(receiverPage);
  const caller = await onboard(callerPage, "woman", "rw", 44);
  const receiver = await onboard(receiverPage, "man", "rm", 44);
  expect((await callerPage.request.post("/api/generate-matches")).status()).toBe(200);

  // The pages people leave open: the caller on their matches, the receiver at home.
  const matches = new MatchesPage(callerPage);
  await matches.goto();
  await expect(matches.card(receiver.username)).toBeVisible();
  await receiverPage.goto("/home");
  await expect(receiverPage.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
  await expect.poll(() => callerSockets.length).toBeGreaterThan(0);
  await expect.poll(() => receiverSockets.length).toBeGreaterThan(0);
  const before = [callerSockets.length, receiverSockets.length];

  const stoppedAt = Date.now();
  await app?.stop();
  app = await startApp(PORT, dataDir, ENV);
  const readyAt = Date.now();

  // Each socket retries every 5 s while the server is away (its session check fails), so once the
  // server is ready it is back within one retry, plus the backoff's jitter and this machine's load.
  const within = TIMERS.failureRetryMs + 5_000;
  await expect.poll(() => callerSockets.length, { timeout: within }).toBeGreaterThan(before[0] ?? 0);
  await expect.poll(() => receiverSockets.length, { timeout: within }).toBeGreaterThan(before[1] ?? 0);
  const backAt = Math.max(callerSockets.at(-1) ?? 0, receiverSockets.at(-1) ?? 0);
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  console.log(
    `restart: both pages' /ws back ${seconds(backAt - readyAt)} s after the new server was ready ` +
      `(${seconds(backAt - stoppedAt)} s after SIGTERM; ${seconds(readyAt - stoppedAt)} s to restart)`,
  );

  // Neither page was reloaded: a call placed now rings on the other.
  const clickedAt = Date.now();
  await matches.card(receiver.username).getByRole("link", { name: "Call", exact: true }).click();
  await expect(new CallPage(callerPage).state("Calling...")).toBeVisible();
  const ringingAt = Date.now();
  const banner = receiverPage.getByRole("alertdialog", { name: "Incoming call" });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(caller.username);
  const bannerAt = Date.now();
  console.log(
    `restart: a call after the restart: Call click → banner on the other page ${bannerAt - clickedAt} ms ` +
      `('Calling...' after ${ringingAt - clickedAt} ms, the banner ${bannerAt - ringingAt} ms later)`,
  );
});
