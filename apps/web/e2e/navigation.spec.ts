import { expect, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { registerViaApi } from "./support/users";

test.describe("on a phone (390x844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the bottom tab bar shows and follows the path", async ({ page }) => {
    await registerViaApi(page.request);
    const shell = new AppShell(page);
    await page.goto("/home");
    await expect(shell.bottomNav).toBeVisible();
    await expect(shell.bottomNav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await expect(shell.header.getByRole("link", { name: "Matches" })).toBeHidden();

    await shell.bottomNav.getByRole("link", { name: "Chats" }).click();
    await expect(page).toHaveURL(/\/chats$/);
    await expect(shell.bottomNav.getByRole("link", { name: "Chats" })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await page.goto("/call/1");
    await expect(page.getByRole("heading", { name: "Audio Call" })).toBeVisible();
    await expect(shell.bottomNav).toHaveCount(0);
  });

  test("no bottom tab bar on the landing page", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(new AppShell(page).bottomNav).toHaveCount(0);
  });
});

test.describe("on a desktop (1280x800)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the bottom tab bar is hidden and the header links show", async ({ page }) => {
    await registerViaApi(page.request);
    const shell = new AppShell(page);
    await page.goto("/home");
    await expect(page.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
    await expect(shell.bottomNav).toBeHidden();
    for (const label of ["Home", "Matches", "Chats", "Profile"]) {
      await expect(shell.header.getByRole("link", { name: label })).toBeVisible();
    }
  });
});
