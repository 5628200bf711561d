import { expect, type Page } from "@playwright/test";

/**
 * Waits until the page's script has taken over a page the server rendered (`inert` until then:
 * apps/web/src/app/mark-interactive.tsx). Clicks and typing wait for it by themselves; focus() does not.
 */
export async function untilInteractive(page: Page): Promise<void> {
  await expect(page.locator("html[data-interactive]")).toBeAttached();
  await expect(page.locator("#root")).not.toHaveAttribute("inert");
}
