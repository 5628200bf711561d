// A push subscription's endpoint is an address the server will POST to: an SSRF risk. Only https, and
// only the browsers' push services unless PUSH_ENDPOINT_ALLOW adds an origin (tests, a self-hosted one).

/** The push services of the browsers people use: an exact host, or `.suffix` for any host under it. */
export const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com", // Chrome, Edge on Android, Opera, Samsung Internet
  ".push.services.mozilla.com", // Firefox (updates.push.services.mozilla.com)
  ".notify.windows.com", // Edge on Windows (WNS)
  "web.push.apple.com", // Safari, and web apps on iOS and iPadOS
  ".push.apple.com",
] as const;

const knownHost = (host: string) =>
  PUSH_SERVICE_HOSTS.some((h) =>
    h.startsWith(".") ? host.endsWith(h) && host.length > h.length : host === h,
  );

/** Whether the server may send to this endpoint: https on a push service's host (default port), or an allowed origin. */
export function pushEndpointAllowed(endpoint: string, allowedOrigins: readonly string[]): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.protocol !== "https:" || url.username || url.password) return false;
  if (allowedOrigins.includes(url.origin)) return true;
  return url.port === "" && knownHost(url.hostname.toLowerCase());
}

const bytes = (b64url: string) =>
  /^[A-Za-z0-9_-]+={0,2}$/.test(b64url) ? Buffer.from(b64url, "base64url") : null;

/** Keys a push can be encrypted to: an uncompressed P-256 point (65 bytes) and a 16-byte auth secret. */
export function subscriptionKeysValid(keys: { p256dh: string; auth: string }): boolean {
  const p256dh = bytes(keys.p256dh);
  return p256dh?.length === 65 && p256dh[0] === 4 && bytes(keys.auth)?.length === 16;
}
