import { TIME_ZONE_COOKIE } from "@kindred/shared/constants";

const YEAR_S = 365 * 24 * 3600;

/**
 * Tells the server this browser's time zone, for the times in the pages it renders (server-render.tsx).
 * In a task of its own: the first Intl.DateTimeFormat loads the browser's time zone data, which would
 * lengthen the page's start.
 */
export function rememberTimeZone(): void {
  setTimeout(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers still in use
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=${YEAR_S}; samesite=lax`;
  }, 0);
}
