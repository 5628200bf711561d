import { afterEach, beforeEach, vi } from "vitest";

/** Every test of the calling file runs on Vitest's fake timers, and hands the real ones back after. */
export function fakeTimersInEachTest(): void {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
