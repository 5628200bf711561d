import type { Locator, Page } from "@playwright/test";

/** /forgot-password: the address to mail a reset link to. */
export class ForgotPasswordPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly submit: Locator;
  readonly answer: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1, name: "Forgot your password?" });
    this.email = page.getByLabel("Email", { exact: true });
    this.submit = page.getByRole("button", { name: "Send me a link" });
    this.answer = page.getByRole("main").getByRole("status");
    this.error = page.getByRole("main").getByRole("alert");
  }

  async goto() {
    await this.page.goto("/forgot-password");
  }

  async ask(email: string) {
    await this.email.fill(email);
    await this.submit.click();
  }
}

/** /reset-password?token=…: 'Choose a new password'. */
export class ResetPasswordPage {
  readonly heading: Locator;
  readonly password: Locator;
  readonly confirm: Locator;
  readonly submit: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1, name: "Choose a new password" });
    this.password = page.getByLabel("New password", { exact: true });
    this.confirm = page.getByLabel("Type it again", { exact: true });
    this.submit = page.getByRole("button", { name: "Set my new password" });
    this.alert = page.getByRole("main").getByRole("alert");
  }

  async choose(password: string, confirm = password) {
    await this.password.fill(password);
    await this.confirm.fill(confirm);
    await this.submit.click();
  }
}

/** The quiet banner on /home while the address is not confirmed. */
export function verifyBanner(page: Page): Locator {
  return page.getByRole("region", { name: "Confirm your email address" });
}
