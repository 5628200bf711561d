/** At most `size` tasks run at once; the rest wait their turn in order. */
export class Semaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most tasks that ever ran at once (for tests and monitoring). */
  peak = 0;

  constructor(readonly size: number) {}

  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    this.peak = Math.max(this.peak, this.running);
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so `running` never dips and lets a newcomer in.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
