import { defineConfig, devices } from "@playwright/test";
import {
  BASE_URL,
  CALL_TIME_SCALE,
  HAS_TURN,
  PORT,
  RELAY_MIN_PORT,
  RELAY_PORT,
  TURN_PORT,
  TURN_SECRET,
} from "./apps/web/e2e/support/servers";

const APP_ENV = {
  HOST: "127.0.0.1",
  NODE_ENV: "test",
  LOG_LEVEL: "warn",
  // Calls: a 15 s first call (and 3 s to count) so a browser test can run one to its deadline;
  // no public STUN servers, which this closed network cannot reach (host candidates suffice on loopback).
  CALL_TIME_SCALE: String(CALL_TIME_SCALE),
  // Every browser test signs up from 127.0.0.1: the per-address sign-up limit would stop the suite.
  SIGNUPS_PER_ADDRESS_PER_HOUR: "100000",
  STUN_URLS: "",
};

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
// second app whose calls may only use it (ICE_TRANSPORT_POLICY=relay, short-lived REST credentials).
const relayServers = HAS_TURN
  ? [
      {
        command: [
          "turnserver -n --no-cli --use-auth-secret",
          `--static-auth-secret=${TURN_SECRET} --realm=kindred.test`,
          `--listening-ip=127.0.0.1 --relay-ip=127.0.0.1 --listening-port=${TURN_PORT}`,
          `--min-port=${RELAY_MIN_PORT} --max-port=${RELAY_MIN_PORT + 99}`,
          "--no-tls --no-dtls --allow-loopback-peers --no-stdout-log --log-file=/dev/null",
        ].join(" "),
        port: TURN_PORT,
        reuseExistingServer: false,
        timeout: 20_000,
      },
      app(RELAY_PORT, {
        TURN_URLS: `turn:127.0.0.1:${TURN_PORT}?transport=udp,turn:127.0.0.1:${TURN_PORT}?transport=tcp`,
        TURN_SECRET,
        ICE_TRANSPORT_POLICY: "relay",
      }),
    ]
  : [];

// Debian's Chromium (`npx playwright install` cannot work on these machines), see ARCHITECTURE.md.
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  "--use-fake-ui-for-media-stream",
  "--use-fake-device-for-media-stream",
  "--allow-loopback-in-peer-connection",
];

// The specs that make calls: each call is two Chromium pages with fake media and WebRTC, and two at
// once starve a 2-core machine (and their timings: a banner within 1 s, audio flowing). They run one
// at a time, from the start, mostly waiting on the server's call clock; the other specs run beside
// them, and two at a time once the calls are done. Each spec signs up its own people (at an age of
// its own where they must match), so they share the one app server without meeting.
const CALL_SPECS = /[\\/](calls|calls-relay|chat)\.spec\.ts$/;
const CHROMIUM = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };

export default defineConfig({
  testDir: "apps/web/e2e",
  outputDir: `test-results/port-${PORT}`,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 7_500 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
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
