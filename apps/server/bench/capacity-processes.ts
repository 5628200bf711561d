// The processes of `npm run bench:capacity`: the compiled server as production starts it (serve.sh's
// flags) with the probe loaded, and the generator processes; each answered over IPC by request id.
import { type ChildProcess, fork, spawn } from "node:child_process";
import fs from "node:fs";
import type { WindowTally } from "./capacity-tally.ts";
import { request } from "./soak-chat-http.ts";

export interface ProbeWindow {
  delayP99Ms: number;
  delayMaxMs: number;
  cpu: { user: number; system: number };
  rss: number;
  queries: number;
  /** Full garbage collections in the window, and their main-thread pauses. */
  majorGcs: number;
  majorGcPauseMs: number;
  /** Scavenges of the young generation in the window: count, pauses in all, and the longest. */
  scavenges: number;
  scavengePauseMs: number;
  scavengeMaxMs: number;
  /** The most queries waiting at once, written or for a connection (null on PGlite, which has no pool). */
  queriesWaitingMax: number | null;
}

export interface TopFunction {
  name: string;
  share: number;
}

/** The longest busy stretch in a profile, and the stacks most of it was spent in (leaf first). */
export interface Stall {
  ms: number;
  stacks: { share: number; frames: string[] }[];
}

/** A child that answers `{id, …}` to each `{id, type}` it is sent. */
class Asked {
  private next = 0;
  private readonly waiting = new Map<number, (reply: Record<string, unknown>) => void>();

  constructor(readonly child: ChildProcess) {
    child.on("message", (reply: Record<string, unknown>) => {
      this.waiting.get(reply.id as number)?.(reply);
      this.waiting.delete(reply.id as number);
    });
  }

  ask<T>(message: Record<string, unknown>): Promise<T> {
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${String(message.type)}`)), 60_000);
      this.waiting.set(id, (reply) => {
        clearTimeout(timer);
        if (reply.error) reject(new Error(String(reply.error)));
        else resolve(reply as T);
      });
      this.child.send({ ...message, id });
    });
  }
}

export class ServerProcess extends Asked {
  readonly origin: string;

  constructor(port: number, env: Record<string, string>, logPath: string) {
    const log = fs.openSync(logPath, "a");
    super(
      spawn(
        process.execPath,
        [
          "--enable-source-maps",
          "--max-semi-space-size=32",
          "--import",
          "./apps/server/bench/capacity-probe.mjs",
          "apps/server/dist/server.js",
        ],
        {
          stdio: ["ignore", log, log, "ipc"],
          env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", ...env },
        },
      ),
    );
    this.origin = `http://127.0.0.1:${port}`;
  }

  async healthy(timeoutMs = 60_000): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error("the server exited on start (see its log)");
      const res = await request(`${this.origin}/api/health`, { timeoutMs: 5_000 }).catch(() => null);
      if (res?.status === 200) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the server was not healthy within ${timeoutMs} ms`);
  }

  window(): Promise<ProbeWindow> {
    return this.ask({ type: "window" });
  }

  async startProfile(): Promise<void> {
    await this.ask({ type: "profile-start" });
  }

  /** Stops the profiler; the whole profile is written to `saveTo` (a .cpuprofile file). */
  stopProfile(saveTo: string): Promise<{ top: TopFunction[]; stall: Stall }> {
    return this.ask({ type: "profile-stop", count: 12, saveTo });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((r) => this.child.once("exit", r));
    this.child.kill("SIGTERM");
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  }
}

export class GeneratorProcess extends Asked {
  constructor() {
    super(
      fork("apps/server/bench/capacity-child.ts", [], { execArgv: ["--import", "tsx"], stdio: "inherit" }),
    );
  }

  add(message: Record<string, unknown>): void {
    this.child.send({ type: "add", ...message });
  }

  async take(): Promise<WindowTally> {
    return (await this.ask<{ tally: WindowTally }>({ type: "take" })).tally;
  }

  async stop(): Promise<void> {
    await this.ask({ type: "stop" }).catch(() => undefined);
  }
}
