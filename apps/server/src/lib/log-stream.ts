import fs from "node:fs";

/** pino sets `lastLevel` on a stream that asks for its metadata, before each write. */
const PINO_METADATA = Symbol.for("pino.metadata");
const WARN = 40;
/** What a full pipe may hold back before lines are dropped. */
const MAX_HELD = 1024 * 1024;

export interface BufferedLogOptions {
  /** Written once this many characters are waiting (default 32 KiB). */
  maxBuffered?: number;
  /** Written at the latest this long after a line arrives (default 200 ms). */
  maxDelayMs?: number;
  /** Where the lines go: a file descriptor (default 1, stdout). */
  fd?: number;
}

/**
 * The log's destination in production: lines wait in memory and leave in one write() of up to 32 KiB,
 * at most 200 ms after the first of them, instead of one write per line. A warning or an error is
 * written at once, with everything before it, and whatever waits is written when the process exits
 * (process.exit included). On this host a write() costs 2 to 3 µs, more than forming the line; pino's
 * own asynchronous destination hands each write to a worker thread, which costs as much in wake-ups.
 * A process killed outright (SIGKILL, the OOM killer) loses at most the last 200 ms of info lines.
 */
export class BufferedLogStream {
  readonly [PINO_METADATA] = true;
  /** Set by pino before each write. */
  lastLevel = 0;
  private waiting = "";
  /** Bytes a full pipe did not take yet. */
  private held: Buffer | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly fd: number;
  private readonly maxBuffered: number;
  private readonly maxDelayMs: number;
  private readonly onExit = () => this.flush();

  constructor(opts: BufferedLogOptions = {}) {
    this.fd = opts.fd ?? 1;
    this.maxBuffered = opts.maxBuffered ?? 32 * 1024;
    this.maxDelayMs = opts.maxDelayMs ?? 200;
    process.on("exit", this.onExit);
  }

  write(line: string): boolean {
    this.waiting += line;
    if (this.lastLevel >= WARN || this.waiting.length >= this.maxBuffered) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.maxDelayMs).unref();
    return true;
  }

  /**
   * Writes whatever waits, now. A full pipe (EAGAIN) keeps the rest for the next try, up to 1 MiB;
   * any other failure (a closed descriptor) drops the lines: logging must never take the server down.
   */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.waiting && !this.held) return;
    let bytes = this.held ? Buffer.concat([this.held, Buffer.from(this.waiting)]) : Buffer.from(this.waiting);
    this.waiting = "";
    this.held = undefined;
    try {
      while (bytes.length > 0) bytes = bytes.subarray(fs.writeSync(this.fd, bytes));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EAGAIN" || bytes.length > MAX_HELD) return;
      this.held = bytes;
      this.timer = setTimeout(() => this.flush(), this.maxDelayMs).unref();
    }
  }

  /** Writes what waits and stops listening for the process's exit. */
  end(): void {
    this.flush();
    process.off("exit", this.onExit);
  }
}
