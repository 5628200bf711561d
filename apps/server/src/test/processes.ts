import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

/**
 * How a test starts the server: the entry point production runs, from its source (the compiled bundle
 * is built by `npm run build`, which the unit tests do not wait for), in the repository's root.
 */
export const SERVER_COMMAND = [process.execPath, "--import", "tsx", "apps/server/src/server.ts"];

/** A real server process on its own port, as one of N instances behind a proxy. */
export interface ServerProcess {
  url: string;
  /** Everything it printed, for a failing test's message. */
  output(): string;
  /** SIGKILL: a crash, with no clean-up. */
  kill(): Promise<void>;
  /** SIGTERM, and the exit code. */
  stop(): Promise<number | null>;
}

export async function startServer(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const [command = process.execPath, ...args] = SERVER_COMMAND;
  const child: ChildProcess = spawn(command, args, {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      WEB_DIST: "/nonexistent",
      ...env,
    },
  });
  let out = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited: ${out}`);
    const ok = await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`server on ${port} not ready: ${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    output: () => out,
    async kill() {
      if (child.exitCode === null) child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
