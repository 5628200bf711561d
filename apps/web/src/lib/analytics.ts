import { env } from "../config/env";

/** SPEC §7: the page views the product records. */
export const PAGE_NAMES = [
  "home",
  "profile",
  "matches",
  "chats",
  "conversation",
  "call",
  "settings",
] as const;
export type PageName = (typeof PAGE_NAMES)[number];

/** Only the page and the time: never a user id, email or name. */
export interface PageView {
  name: PageName;
  at: string;
}

const KEEP = 100;
let views: readonly PageView[] = [];
const listeners = new Set<() => void>();

/** Which page view a location is, if any. /settings and the plans tab of the profile are "settings". */
export function pageNameFor(pathname: string, search = ""): PageName | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/home") return "home";
  if (path === "/settings") return "settings";
  if (path === "/profile/subscription" || (path === "/profile" && /[?&]tab=subscription\b/.test(search))) {
    return "settings";
  }
  if (path === "/profile") return "profile";
  if (path === "/matches") return "matches";
  if (path === "/chats") return "chats";
  if (/^\/conversation\/[^/]+$/.test(path)) return "conversation";
  if (/^\/call\/[^/]+$/.test(path)) return "call";
  return null;
}

/** Records a page view: the latest 100 stay in memory; also sent out when VITE_ANALYTICS_URL is set. */
export function trackPageView(name: PageName, now = new Date()): void {
  const view: PageView = { name, at: now.toISOString() };
  views = [...views, view].slice(-KEEP);
  for (const listener of listeners) listener();
  if (env.analyticsUrl) {
    // Fire and forget, and never with cookies: analytics must not learn who is looking.
    void fetch(env.analyticsUrl, {
      method: "POST",
      credentials: "omit",
      keepalive: true,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ event: "page_view", ...view }),
    }).catch(() => {});
  }
}

export function recentPageViews(): readonly PageView[] {
  return views;
}

export function subscribePageViews(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Logout forgets everything recorded (SPEC §4: analytics identity is reset). */
export function resetAnalytics(): void {
  views = [];
  for (const listener of listeners) listener();
}
