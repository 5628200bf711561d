/**
 * Sends text frames in order, at most `perSecond` in any second: a burst (a flurry of ICE candidates)
 * waits its turn instead of tripping the server's flood limit and getting the socket closed.
 */
export class FramePacer {
  private queue: string[] = [];
  private sentAt: number[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly perSecond: number,
    private readonly sendNow: (text: string) => boolean,
  ) {}

  push(text: string): void {
    this.queue.push(text);
    this.flush();
  }

  /** Drops what is queued (the socket closed: a new one starts afresh). */
  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.queue = [];
  }

  private flush(): void {
    if (this.timer) return;
    while (this.queue.length > 0) {
      const now = Date.now();
      this.sentAt = this.sentAt.filter((t) => now - t < 1_000);
      if (this.sentAt.length >= this.perSecond) {
        const wait = 1_000 - (now - (this.sentAt[0] ?? now));
        this.timer = setTimeout(
          () => {
            this.timer = null;
            this.flush();
          },
          Math.max(1, wait),
        );
        return;
      }
      if (!this.sendNow(this.queue[0] as string)) {
        this.clear();
        return;
      }
      this.queue.shift();
      this.sentAt.push(now);
    }
  }
}
