/**
 * The server's "now" for scheduled calls: when 'Join call' shows and when a slot has passed. A browser
 * test cannot wait for a slot's window, so a test app (NODE_ENV=test only) may move this clock; calls,
 * sessions and everything else keep the real time.
 */
export class ScheduleClock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** From now on this clock reads `at` and runs on from there; null puts it back on the real time. */
  set(at: Date | null): void {
    this.offsetMs = at ? at.getTime() - Date.now() : 0;
  }
}
