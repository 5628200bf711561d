// What the 'Notifications on this browser' switch can truthfully say, from what the browser and the
// server report. Pure, so that each case is unit-tested without a browser.

/** What the page learns about this browser before anyone clicks anything. */
export interface BrowserFacts {
  /** Service workers, PushManager and Notification all exist. */
  supported: boolean;
  /** iOS or iPadOS Safari in a tab (not added to the Home Screen): push only works once installed. */
  iosTab: boolean;
  permission: NotificationPermission;
  /** The endpoint of this browser's push subscription, if it holds one. */
  endpoint: string | null;
}

export type PushState =
  | { kind: "unsupported" }
  | { kind: "needs-install" }
  | { kind: "denied" }
  | { kind: "on"; endpoint: string }
  | { kind: "off" };

/**
 * On only when the browser holds a subscription and the server lists it (so pushes would arrive);
 * needs-install comes first because iOS Safari in a tab has no PushManager at all.
 */
export function pushState(facts: BrowserFacts, serverEndpoints: readonly string[]): PushState {
  if (facts.iosTab) return { kind: "needs-install" };
  if (!facts.supported) return { kind: "unsupported" };
  if (facts.permission === "denied") return { kind: "denied" };
  if (facts.permission === "granted" && facts.endpoint && serverEndpoints.includes(facts.endpoint)) {
    return { kind: "on", endpoint: facts.endpoint };
  }
  return { kind: "off" };
}

/** The bits of `navigator` that tell an iPhone or iPad Safari tab apart. */
export interface NavigatorLike {
  userAgent: string;
  maxTouchPoints?: number;
  standalone?: boolean;
}

/**
 * iOS Safari defines navigator.standalone (false in a tab, true once added to the Home Screen); iPadOS
 * says it is a Mac, so a Mac with a touch screen counts as an iPad.
 */
export function isIosTab(nav: NavigatorLike): boolean {
  if (nav.standalone !== false) return false;
  if (/iPhone|iPad|iPod/.test(nav.userAgent)) return true;
  return /Macintosh/.test(nav.userAgent) && (nav.maxTouchPoints ?? 0) > 1;
}

/** The VAPID public key (base64url, as GET /api/push/key gives it) as pushManager.subscribe wants it. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with this key: one made with an older key must be made again. */
export function sameKey(held: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  if (!held) return true;
  const bytes = new Uint8Array(held);
  return bytes.length === wanted.length && bytes.every((b, i) => b === wanted[i]);
}
