// "Open the profile wizard": the dashboard's 'Complete Profile' prompt and 'Find New Matches' (refused
// for an incomplete profile) send people to /home with this state, where the wizard opens at the step
// they saved. Here because the dashboard, matches and the home route all use it, and features do not
// import each other.

const KEY = "openWizard";

/** The history state of a request to open the wizard; each request is new, even on /home itself. */
export function wizardRequestState(): { openWizard: number } {
  return { [KEY]: Date.now() } as { openWizard: number };
}

/** The request in a location's state, or null. */
export function wizardRequestIn(state: unknown): number | null {
  const value = typeof state === "object" && state !== null ? (state as Record<string, unknown>)[KEY] : null;
  return typeof value === "number" ? value : null;
}
