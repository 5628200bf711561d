import type { Page } from "@playwright/test";

/**
 * Answers the document at `path` as a build without the server's render would: with the app's empty
 * page, which then asks for its data itself, in requests a test can hold or change. (Opened from the
 * address bar, a signed-in page comes from the server with its data: server-rendered-pages.spec.ts.)
 * A service worker's navigation preload is beyond a test's routes: the page's worker is unregistered
 * first (the app registers it again as it starts).
 */
export async function renderedByTheApp(page: Page, path: string): Promise<void> {
  await page.evaluate(async () => {
    for (const registration of (await navigator.serviceWorker?.getRegistrations()) ?? [])
      await registration.unregister();
  });
  await page.context().route(
    (url) => url.pathname === path,
    async (route) => {
      const request = route.request();
      const isPage = request.resourceType() === "document" || request.headers().accept?.includes("text/html");
      if (!isPage) return route.fallback();
      const response = await route.fetch({ url: new URL("/no-such-page", request.url()).href });
      await route.fulfill({ response, status: 200 });
    },
  );
}
