import { defineConfig, devices } from "@playwright/test";
import {
  APP_ENV,
  BASE_URL,
  CHROMIUM_ARGS,
  HAS_TURN,
  PORT,
  RELAY_MAX_PORT,
  RELAY_MIN_PORT,
  RELAY_PORT,
  TURN_PORT,
  TURN_SECRET,
} from "./apps/web/e2e/support/servers";
import { turnserverArgs, turnUrls } from "./apps/web/e2e/support/turn";

// Each app gets a fresh database: its PGlite lives under its own DATA_DIR.
const app = (port: number, env: Record<string, string> = {}) => ({
  command: `rm -rf /tmp/kindred-e2e-${port} && npm run start -w @kindred/server`,
  url: `http://127.0.0.1:${port}/api/health`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: "pipe" as const,
  stderr: "pipe" as const,
  env: { ...APP_ENV, PORT: String(port), DATA_DIR: `/tmp/kindred-e2e-${port}`, ...env },
});

// With coturn installed: a TURN relay on loopback (loopback peers allowed, for this test only) and a
// second app whose calls may only use it (relay-only, with short-lived REST credentials).
const relayServers = HAS_TURN
  ? [
      {
        command: ["turnserver", ...turnserverArgs(TURN_PORT, RELAY_MIN_PORT, RELAY_MAX_PORT)].join(" "),
        port: TURN_PORT,
        reuseExistingServer: false,
        timeout: 20_000,
      },
      app(RELAY_PORT, {
        TURN_URLS: turnUrls(TURN_PORT),
        // No ICE_TRANSPORT_POLICY: with TURN configured, relay-only is the default (DECISIONS "Call privacy").
        TURN_SECRET,
      }),
    ]
  : [];

// The specs that make calls: each call is two Chromium pages with fake media and WebRTC, and two at
// once starve a 2-core machine (and their timings: a banner within 1 s, audio flowing). They run one
// at a time, from the start, mostly waiting on the server's call clock; the other specs run beside
// them, and two at a time once the calls are done. Each spec signs up its own people (at an age of
// its own where they must match), so they share the one app server without meeting. The restart spec
// runs among them: it starts (and restarts) an app of its own, and times the pages coming back; so do
// the failover spec (two instances on PostgreSQL and Redis), the media-cut spec (its own coturn) and
// the moderation spec (on PostgreSQL and Redis, mailing a loopback SMTP server).
const CALL_SPECS =
  /[\\/](calls(-[a-z-]+)?|call-journey|after-call|missed-calls|scheduling|limits|chat|server-restart|push-flows|moderation)\.spec\.ts$/;
const CHROMIUM = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };

export default defineConfig({
  testDir: "apps/web/e2e",
  outputDir: `test-results/port-${PORT}`,
  workers: 2,
  // .ci/run gives a failed test one more try (E2E_RETRIES=1), and the report names it as flaky: on a
  // 2-core machine running two browsers beside the server, about one call in a run of 117 flows has
  // missed its 15 s to connect, a different one each time. A test that fails twice fails the run.
  retries: Number(process.env.E2E_RETRIES ?? 0),
  forbidOnly: !!process.env.CI,
  // Sized for the slower of the machines CI lands on (an AMD EPYC here runs Chromium at about half the
  // Xeon's pace): a poll that gives up sooner fails for the machine, not the app.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL: BASE_URL,
    // A trace films every page as it runs, which costs a 2-core machine more than its tests can spare.
    // .ci/run turns it off (E2E_TRACE=off): nobody can open a trace left on CI's machine anyway.
    trace: process.env.E2E_TRACE === "off" ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS },
  },
  // The calls first: their queue is the longest, and each of its tests waits on real time.
  projects: [
    { name: "calls", testMatch: CALL_SPECS, workers: 1, use: CHROMIUM },
    { name: "pages", testIgnore: CALL_SPECS, fullyParallel: true, use: CHROMIUM },
  ],
  webServer: [app(PORT), ...relayServers],
});
