import type { Locator, Page } from "@playwright/test";

/** The 'Email' group of the Notifications section of /settings. */
export class MailSettingsPage {
  readonly group: Locator;

  constructor(readonly page: Page) {
    const section = page.getByRole("region", { name: "Notifications", exact: true });
    this.group = section.getByRole("group", { name: "Email" });
  }

  async goto() {
    await this.page.goto("/settings");
  }

  /** 'Missed calls', 'Call reminders', 'Unread messages digest', 'New matches'. */
  type(label: string): Locator {
    return this.group.getByRole("switch", { name: label, exact: true });
  }
}
