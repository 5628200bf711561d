// The service worker (src/sw/sw.ts, built to /sw.js): push notifications and the offline page.

const SCRIPT = "/sw.js";

let registration: Promise<ServiceWorkerRegistration | null> | null = null;

/**
 * Registers the worker once, after the page has loaded (its start must not compete with the page's
 * own requests). Skipped where the browser has no service workers (or not here: plain http off
 * localhost), and under the dev server. A failure is logged and leaves the app as it was.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (registration) return registration;
  // The dev server does not build the worker (src/sw/sw.ts): it exists in a build only.
  if (import.meta.env.DEV || typeof navigator === "undefined" || !("serviceWorker" in navigator)) {
    registration = Promise.resolve(null);
    return registration;
  }
  registration = new Promise<void>((resolve) => {
    if (document.readyState === "complete") resolve();
    else window.addEventListener("load", () => resolve(), { once: true });
  })
    // updateViaCache 'none': the browser asks the server for sw.js and its imports on every check.
    .then(() => navigator.serviceWorker.register(SCRIPT, { scope: "/", updateViaCache: "none" }))
    .catch((error: unknown) => {
      console.warn("The service worker could not be registered:", error);
      return null;
    });
  return registration;
}

/**
 * The worker's registration once it is active (for subscribing to push), or null where there is
 * none. Registers it if the app has not yet.
 */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  const registered = await registerServiceWorker();
  if (!registered) return null;
  return navigator.serviceWorker.ready;
}
