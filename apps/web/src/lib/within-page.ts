// A history entry that changes what one page shows (the onboarding wizard's step) without being a new
// page: page views and scrolling treat it as the same page.

const FLAG = "withinPage";

/** `state` marked as a step within the page it is pushed on. */
export function withinPageState<T extends object>(state: T): T & { withinPage: true } {
  return { ...state, [FLAG]: true as const };
}

export function isWithinPage(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as Record<string, unknown>)[FLAG] === true;
}
