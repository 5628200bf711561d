import { expect, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { recordLayoutShifts } from "./support/layout-shifts";
import { renderedByTheApp } from "./support/rendered-by-the-app";
import { registerViaApi } from "./support/users";

test.use({ viewport: { width: 390, height: 844 } });

// A signed-in page the app renders itself (the server renders one opened from the address bar with its
// data: server-rendered-pages.spec.ts) paints its frame, then its data: what arrives may grow the
// page, but nothing on the screen may move for it (the footer starts below the fold).
test("a signed-in page does not move when its data arrives", async ({ page }) => {
  await registerViaApi(page.request);
  await renderedByTheApp(page, "/chats");
  const expectNoShifts = await recordLayoutShifts(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("/api/chats", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/chats");
  await expect(page.getByRole("status").filter({ hasText: "Loading chats" })).toBeVisible();
  release();
  await expect(page.getByText("No chats yet")).toBeVisible();
  await expectNoShifts();
  await expect(new AppShell(page).footer).not.toBeInViewport();
});
