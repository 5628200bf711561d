import { defineConfig, devices } from "@playwright/test";

// E2E_PORT lets two runs share a machine; each port gets its own fresh database directory.
const PORT = Number(process.env.E2E_PORT ?? 5055);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// A fresh database per run: the server's PGlite lives under DATA_DIR.
const DATA_DIR = `/tmp/kindred-e2e-${PORT}`;

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

export default defineConfig({
  testDir: "apps/web/e2e",
  outputDir: `test-results/port-${PORT}`,
  fullyParallel: false,
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
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: `rm -rf ${DATA_DIR} && npm run start -w @kindred/server`,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
    },
  },
});
