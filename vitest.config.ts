import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "apps/*/src/**/*.test.ts", "apps/web/build/*.test.ts"],
    globalSetup: ["apps/server/src/test/global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // A worker runs file after file instead of starting a process for each, so node_modules (Fastify,
    // PGlite, zod…) load once per worker: loading them for every file was most of the run. Each file
    // still gets our own modules fresh (vitest.setup.ts).
    isolate: false,
    setupFiles: ["vitest.setup.ts"],
  },
});
