import type { Locator, Page } from "@playwright/test";

/** The chrome around logged-in pages: header, footer, bottom tab bar and toasts. */
export class AppShell {
  readonly header: Locator;
  readonly footer: Locator;
  readonly bottomNav: Locator;
  readonly userMenuButton: Locator;
  readonly notifications: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole("banner");
    this.footer = page.getByRole("contentinfo");
    this.bottomNav = page.getByRole("navigation", { name: "Bottom navigation" });
    this.userMenuButton = page.getByRole("button", { name: "Open user menu" });
    // Scoped to the toast region: Radix also mirrors toast text into a hidden live announcer.
    this.notifications = page.getByRole("region", { name: /^Notifications \(/ });
  }

  toast(text: string): Locator {
    return this.notifications.getByText(text, { exact: true });
  }

  async logout() {
    await this.userMenuButton.click();
    await this.page.getByRole("menuitem", { name: "Logout" }).click();
  }
}
