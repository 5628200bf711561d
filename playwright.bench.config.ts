import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

// `npm run bench:calls`: the same servers and browser as the browser tests, running the benchmark
// files (*.bench.ts) only, one at a time. A benchmark prints figures; it asserts nothing about speed.
export default defineConfig({
  ...base,
  testDir: "apps/web/e2e/bench",
  testMatch: "*.bench.ts",
  workers: 1,
  timeout: 15 * 60_000,
  reporter: "list",
});
