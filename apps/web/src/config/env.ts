// The only reader of import.meta.env in the web app.

function readBaseUrl(value: unknown): string {
  if (typeof value !== "string" || value === "") return "";
  return value.replace(/\/+$/, "");
}

export const env = {
  /** Origin of the API; empty means same origin (the server serves this app, or Vite proxies). */
  apiBaseUrl: readBaseUrl(import.meta.env.VITE_API_BASE_URL),
  isDev: import.meta.env.DEV,
  /** Where page views are also sent; unset (the default) keeps them in memory only. */
  analyticsUrl: readBaseUrl(import.meta.env.VITE_ANALYTICS_URL),
} as const;
