// What a click on a notification does, decided apart from the service worker's APIs so it can be
// unit-tested: the DevTools protocol cannot click a notification (web-platform-tests/wpt#51125).

/** What a notification carries (PushPayload's URL, kind and ids). */
export interface NotificationData {
  url?: string;
  kind?: string;
  callId?: number;
  matchId?: number;
}

/** An open window of this origin, as clients.matchAll lists it. */
export interface OpenWindow {
  id: string;
  url: string;
  focused: boolean;
}

export type ClickAction =
  /** Focus that window, and send it to `navigate` first when it is somewhere else. */
  | { type: "focus"; id: string; navigate?: string }
  /** No window is open: open one here. */
  | { type: "open"; url: string }
  /** Decline the call from the worker; no window opens. */
  | { type: "decline"; callId: number };

const HOME = "/home";

/** A same-origin path from the payload, never another site (a URL starting // or a scheme). */
function safePath(url: string | undefined): string {
  if (!url?.startsWith("/") || url.startsWith("//") || url.startsWith("/\\")) return HOME;
  return url;
}

/** A window's path and query, for comparing with a payload's path. */
function pathOf(url: string): string {
  try {
    const { pathname, search } = new URL(url, "http://kindred.invalid");
    return pathname + search;
  } catch {
    return "";
  }
}

/** The window to reuse: the focused one, else the first listed. */
function pick(windows: readonly OpenWindow[]): OpenWindow | undefined {
  return windows.find((w) => w.focused) ?? windows[0];
}

function goTo(url: string, windows: readonly OpenWindow[]): ClickAction {
  const there = windows.find((w) => pathOf(w.url) === url);
  if (there) return { type: "focus", id: there.id };
  const window = pick(windows);
  return window ? { type: "focus", id: window.id, navigate: url } : { type: "open", url };
}

/**
 * `action` is the button pressed ('answer', 'decline'), or '' for a click on the notification itself.
 * Answer opens the call page that answers (`/call/{matchId}?answer={callId}`), Decline declines with
 * no window, and a plain click goes to the payload's URL, in a window already there if one is.
 */
export function decideClick(
  action: string,
  data: NotificationData | null,
  windows: readonly OpenWindow[],
): ClickAction {
  const { callId, matchId } = data ?? {};
  if (action === "decline" && callId !== undefined) return { type: "decline", callId };
  if (action === "answer" && callId !== undefined && matchId !== undefined) {
    const url = `/call/${matchId}?answer=${callId}`;
    const window = pick(windows);
    return window ? { type: "focus", id: window.id, navigate: url } : { type: "open", url };
  }
  return goTo(safePath(data?.url), windows);
}
