/**
 * A token bucket: holds up to `burst` tokens and refills at `perSecond`; each frame takes one. Unlike a
 * fixed window it never lets more than `burst` through at once, whatever the timing.
 */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    /** The clock, in ms; Date.now read at each call, so a test's fake clock moves it. */
    private readonly now: () => number = () => Date.now(),
  ) {
    this.tokens = burst;
    this.at = now();
  }

  /** Takes a token if there is one. */
  take(): boolean {
    const now = this.now();
    // A clock that steps back (NTP) refills nothing rather than draining.
    const elapsed = Math.max(0, now - this.at);
    this.at = now;
    this.tokens = Math.min(this.burst, this.tokens + (elapsed * this.perSecond) / 1000);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
