import type { Locator, Page } from "@playwright/test";

/** The Account section of /settings: 'Change email' and 'Change password'. */
export class AccountSettingsPage {
  readonly section: Locator;
  readonly emailForm: Locator;
  readonly passwordForm: Locator;

  constructor(readonly page: Page) {
    this.section = page.getByRole("region", { name: "Account", exact: true });
    this.emailForm = this.section.getByRole("form", { name: "Change email" });
    this.passwordForm = this.section.getByRole("form", { name: "Change password" });
  }

  async goto() {
    await this.page.goto("/settings");
  }

  async changeEmail(email: string, currentPassword: string) {
    await this.emailForm.getByLabel("New email address", { exact: true }).fill(email);
    await this.emailForm.getByLabel("Current password", { exact: true }).fill(currentPassword);
    await this.emailForm.getByRole("button", { name: "Change email" }).click();
  }

  async changePassword(currentPassword: string, newPassword: string, again = newPassword) {
    await this.passwordForm.getByLabel("Current password", { exact: true }).fill(currentPassword);
    await this.passwordForm.getByLabel("New password", { exact: true }).fill(newPassword);
    await this.passwordForm.getByLabel("New password again", { exact: true }).fill(again);
    await this.passwordForm.getByRole("button", { name: "Change password" }).click();
  }
}
