// The processes of `npm run bench:sockets` talk over the fork IPC channel: the parent calls a named
// command of a child and awaits its answer. The servers under measurement run in children so that the
// RSS a child reports is the server's alone, not the 2,000 clients' too.
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";

/** A child's commands; each takes at most one structured-clonable argument. */
export type Commands = Record<string, (arg: never) => Promise<unknown>>;

interface Request {
  id: number;
  cmd: string;
  arg: unknown;
}
interface Reply {
  id: number;
  result?: unknown;
  error?: string;
}

const CHILD_ENTRY = fileURLToPath(new URL("./bench-sockets-child.ts", import.meta.url));

/** Child side: runs each request's command and answers with its result, or its error's stack. */
export function serveCommands(commands: Commands, onStopped: () => void): void {
  // A parent that died (or was interrupted) leaves no orphan server holding ports and Redis connections.
  process.on("disconnect", () => process.exit(1));
  process.on("message", async (request: Request) => {
    const reply: Reply = { id: request.id };
    try {
      const command = commands[request.cmd];
      if (!command) throw new Error(`no command "${request.cmd}"`);
      reply.result = await (command as (arg: unknown) => Promise<unknown>)(request.arg);
    } catch (err) {
      reply.error = err instanceof Error ? (err.stack ?? err.message) : String(err);
    }
    process.send?.(reply, undefined, {}, () => {
      if (request.cmd === "stop") onStopped();
    });
  });
}

/** Parent side: a child process running `bench-sockets-child.ts <mode>`, and calls into it. */
export class ChildProcessHost<C extends Commands> {
  private pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private nextId = 0;
  private readonly exited: Promise<number | null>;

  private constructor(private readonly child: ChildProcess) {
    child.on("message", (reply: Reply) => {
      const waiter = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.error !== undefined) waiter?.reject(new Error(`in the child: ${reply.error}`));
      else waiter?.resolve(reply.result);
    });
    this.exited = new Promise((resolve) => child.on("exit", resolve));
    void this.exited.then((code) => {
      for (const waiter of this.pending.values()) waiter.reject(new Error(`child exited with ${code}`));
      this.pending.clear();
    });
  }

  /** `--expose-gc` so the child can collect before it reports memory; tsx's loader comes from execArgv. */
  static start<C extends Commands>(mode: "app" | "bare", nodeFlags: string[] = []): ChildProcessHost<C> {
    const child = fork(CHILD_ENTRY, [mode], {
      execArgv: [...process.execArgv, "--expose-gc", ...nodeFlags],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    return new ChildProcessHost<C>(child);
  }

  call<K extends keyof C & string>(cmd: K, ...arg: Parameters<C[K]>): Promise<Awaited<ReturnType<C[K]>>> {
    return this.request(cmd, arg[0]) as Promise<Awaited<ReturnType<C[K]>>>;
  }

  /** Asks the child to close what it opened and exit; kills it if it has not within 10 s. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 10_000);
    await this.request("stop", undefined).catch(() => {});
    await this.exited;
    clearTimeout(timer);
  }

  private request(cmd: string, arg: unknown): Promise<unknown> {
    this.nextId += 1;
    const request: Request = { id: this.nextId, cmd, arg };
    return new Promise((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject });
      this.child.send(request);
    });
  }
}

/** Runs `work` with a child of this mode, and stops the child whatever happens. */
export async function withChild<C extends Commands, T>(
  mode: "app" | "bare",
  work: (child: ChildProcessHost<C>) => Promise<T>,
  nodeFlags: string[] = [],
): Promise<T> {
  const child = ChildProcessHost.start<C>(mode, nodeFlags);
  try {
    return await work(child);
  } finally {
    await child.stop();
  }
}
