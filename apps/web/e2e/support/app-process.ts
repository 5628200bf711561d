import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { APP_ENV } from "./servers";

// An app server a spec owns, so that it can restart it (the shared one of playwright.config.ts cannot
// be): the built server, started as `npm run start -w @kindred/server` starts it, on its own port and
// database.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

export interface AppProcess {
  url: string;
  /** Everything it printed, for a failing test's message. */
  output(): string;
  /** SIGTERM, as a deploy stops it; resolves once it has exited. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash ends it: no drain, no goodbye to its sockets; resolves once it has exited. */
  kill(): Promise<void>;
}

/** Starts the app on `port` with its database in `dataDir` (kept across restarts), once ready. */
export async function startApp(port: number, dataDir: string, env: Record<string, string> = {}) {
  const child: ChildProcess = spawn("sh", ["scripts/serve.sh"], {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...APP_ENV, PORT: String(port), DATA_DIR: dataDir, ...env },
  });
  let out = "";
  const keep = (d: Buffer) => {
    out += d;
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app on ${port} exited: ${out}`);
    const ready = await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`app on ${port} not ready within 60 s: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const app: AppProcess = {
    url,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
  return app;
}

/** A fresh, empty database directory for `port`. */
export function freshDataDir(port: number): string {
  const dir = `/tmp/kindred-e2e-${port}`;
  fs.rmSync(dir, { recursive: true, force: true });
  return dir;
}
