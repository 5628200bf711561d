import { env } from "../config/env";

/** ws(s):// URL of a socket path on the API's origin (this page's, unless VITE_API_BASE_URL says otherwise). */
export function socketUrl(path: string): string {
  const base = new URL(env.apiBaseUrl || window.location.origin);
  base.protocol = base.protocol === "https:" ? "wss:" : "ws:";
  return new URL(path, base).toString();
}
