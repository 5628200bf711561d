// `npm run moderators` as an operator runs it: its own process, on the embedded database of a DATA_DIR.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kindred-moderators-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const moderators = (...args: string[]) =>
  run(process.execPath, ["--import", "tsx", "apps/server/src/scripts/moderators.ts", ...args], {
    cwd: path.resolve(import.meta.dirname, "../../../.."),
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir },
  });

describe("npm run moderators", () => {
  it("lists on a fresh embedded database, and refuses an address with no account (exit 1)", async () => {
    expect((await moderators("list")).stdout).toContain("No moderators yet.");
    const refused = await moderators("add", "nobody@example.com").catch((err) => err);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("No account has the email address nobody@example.com.");
  }, 60_000);
});
