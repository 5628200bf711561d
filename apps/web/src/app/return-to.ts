// Where /auth sends a person once they are signed in: back to the protected page that sent them there.
// The path travels in the history entry's state (never in the URL, so no link can name it), and is
// checked anyway: only a path on this site is followed.

const HOME = "/home";

/** The state RequireAuth puts on its redirect to /auth. */
export interface ReturnState {
  from: string;
}

/** A same-origin path ("/matches?filter=active#x"), else null: no scheme, no "//host", no backslashes. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return null;
  // Browsers read "\" as "/" in URLs ("/\evil.example" is protocol-relative), and control characters
  // are dropped, so neither may appear at all.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, "http://same.origin");
  } catch {
    return null;
  }
  if (url.origin !== "http://same.origin") return null;
  // Back to /auth (or /) would only bounce to /home.
  if (url.pathname === "/auth" || url.pathname === "/") return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where a person who just signed in goes: where they came from, else /home. */
export function returnPathFrom(state: unknown): string {
  const from = typeof state === "object" && state !== null ? (state as Partial<ReturnState>).from : null;
  return safeReturnPath(from) ?? HOME;
}

/** The state for /auth, remembering `location` (a protected page the person could not see yet). */
export function returnStateFor(location: { pathname: string; search: string; hash: string }): ReturnState {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}
