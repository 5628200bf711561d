import { TIME_ZONE_COOKIE } from "@kindred/shared/constants";

const YEAR_S = 365 * 24 * 3600;

/**
 * Tells the server this browser's time zone, for the times in the pages it renders (server-render.tsx),
 * unless the page was just rendered in a zone with this browser's offset (`renderedOffset`): the first
 * Intl.DateTimeFormat loads the browser's time zone data, a long task on a phone. In a task of its own.
 */
export function rememberTimeZone(renderedOffset?: number): void {
  if (renderedOffset === new Date().getTimezoneOffset()) return;
  setTimeout(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers still in use
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=${YEAR_S}; samesite=lax`;
  }, 0);
}
