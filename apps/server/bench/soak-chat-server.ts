// The server under soak, as a child process that can be killed like a crash and started again.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
import { request } from "./soak-chat-http.ts";

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as net.AddressInfo;
  probe.close();
  await once(probe, "close");
  return port;
}

export class SoakServer {
  private child: ChildProcess | null = null;
  private readonly log: fs.WriteStream;
  /** Exits we did not cause: a crash of the server itself. */
  unexpectedExits: string[] = [];
  /** CPU seconds used by the server processes stopped so far (Linux only; NaN elsewhere). */
  cpuSeconds = 0;
  readonly origin: string;

  constructor(
    private readonly opts: { port: number; dataDir: string; databaseUrl?: string; logPath: string },
  ) {
    this.origin = `http://127.0.0.1:${opts.port}`;
    this.log = fs.createWriteStream(opts.logPath, { flags: "a" });
  }

  /**
   * Node with tsx as a loader rather than the tsx CLI: the CLI runs the server in a grandchild,
   * which a SIGKILL of the CLI would leave running and holding the port and the PGlite directory.
   * Run from the repository's root (as every server script is), where the default paths point.
   */
  start(): void {
    const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/server.ts"], {
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(this.opts.port),
        HOST: "127.0.0.1",
        DATA_DIR: this.opts.dataDir,
        DATABASE_URL: this.opts.databaseUrl ?? "",
        REDIS_URL: "",
        PUBLIC_ORIGIN: "",
        LOG_LEVEL: "warn",
        WEB_DIST: "/nonexistent",
      },
    });
    child.stdout?.pipe(this.log, { end: false });
    child.stderr?.pipe(this.log, { end: false });
    child.on("exit", (code, signal) => {
      if (this.child === child) this.unexpectedExits.push(`code ${code}, signal ${signal}`);
    });
    this.child = child;
  }

  async waitHealthy(timeoutMs: number): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      if (this.child === null || this.child.exitCode !== null) throw new Error("the server exited on start");
      try {
        // A refused connection fails at once; a long timeout lets an answer queued behind a backlog count.
        const res = await request(`${this.origin}/api/health`, { timeoutMs: 10_000 });
        if (res.status === 200) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`the server was not healthy within ${timeoutMs} ms`);
  }

  /** utime + stime of a live child, from /proc (clock ticks of 1/100 s on Linux). */
  private addCpu(pid: number | undefined) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      this.cpuSeconds += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      this.cpuSeconds = Number.NaN;
    }
  }

  /** SIGKILL, as a crash would: no graceful close, no checkpoint. Resolves once the process is gone. */
  async killHard(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.addCpu(child.pid);
    const exited = once(child, "exit");
    child.kill("SIGKILL");
    await exited;
  }

  /** A polite stop at the end (SIGTERM, then SIGKILL after 10 s). */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.addCpu(child.pid);
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  }

  /** Synchronous last resort for process exit. */
  killNow(): void {
    this.child?.kill("SIGKILL");
    this.child = null;
  }

  async closeLog(): Promise<void> {
    await new Promise<void>((resolve) => this.log.end(resolve));
  }
}
