import type { Locator, Page } from "@playwright/test";

/** The Notifications section of /settings. */
export class NotificationSettingsPage {
  readonly section: Locator;
  readonly browserSwitch: Locator;
  readonly testButton: Locator;
  readonly hideNames: Locator;
  readonly quietHours: Locator;
  readonly quietFrom: Locator;
  readonly quietUntil: Locator;

  constructor(readonly page: Page) {
    // Exact: the toast viewport is a region named 'Notifications (F8)'.
    this.section = page.getByRole("region", { name: "Notifications", exact: true });
    this.browserSwitch = this.section.getByRole("switch", { name: "Notifications on this browser" });
    this.testButton = this.section.getByRole("button", { name: "Send a test notification" });
    this.hideNames = this.section.getByRole("switch", { name: "Hide names in notifications" });
    this.quietHours = this.section.getByRole("switch", { name: "Quiet hours" });
    this.quietFrom = this.section.getByLabel("Quiet from");
    this.quietUntil = this.section.getByLabel("Quiet until");
  }

  async goto() {
    await this.page.goto("/settings");
  }

  /** A per-type switch: 'Incoming calls', 'Scheduled call reminders', 'Messages', 'Matches and unlocks'. */
  type(label: string): Locator {
    return this.section.getByRole("switch", { name: label, exact: true });
  }
}
