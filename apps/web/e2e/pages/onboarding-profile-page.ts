import { expect, type Locator, type Page } from "@playwright/test";

/** The signed-in user's own profile: /profile, /profile/subscription, /profile?tab=subscription. */
export class ProfilePage {
  readonly heading: Locator;
  readonly updateProfileButton: Locator;
  readonly profileTab: Locator;
  readonly subscriptionTab: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1, name: "My Profile" });
    this.updateProfileButton = page.getByRole("button", { name: "Update Profile" });
    this.profileTab = page.getByRole("tab", { name: "Profile" });
    this.subscriptionTab = page.getByRole("tab", { name: "Subscription" });
  }

  async goto(path = "/profile") {
    await this.page.goto(path);
    await expect(this.heading).toBeVisible();
  }

  /** The value shown next to a label in the profile's detail lists. */
  detail(label: string): Locator {
    return this.page
      .locator("dl > div")
      .filter({ has: this.page.getByText(label, { exact: true }) })
      .locator("dd");
  }

  section(title: string): Locator {
    return this.page.getByRole("region", { name: title, exact: true });
  }

  plan(label: "Free" | "Premium" | "Elite"): Locator {
    return this.page
      .getByRole("article")
      .filter({ has: this.page.getByRole("heading", { name: label, exact: true }) });
  }
}
