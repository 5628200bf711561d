import type { Locator, Page } from "@playwright/test";
import type { TestUser } from "../support/users";

export class AuthPage {
  readonly signInTab: Locator;
  readonly registerTab: Locator;

  constructor(readonly page: Page) {
    this.signInTab = page.getByRole("tab", { name: "Sign In" });
    this.registerTab = page.getByRole("tab", { name: "Create Account" });
  }

  /**
   * Opens the page and waits for its script, as a person whose taps the script answers: before it, the
   * pre-rendered forms post themselves (`interactive: false` when the browser runs no script).
   */
  async goto(tab?: "login" | "register", { interactive = true } = {}) {
    await this.page.goto(tab ? `/auth?tab=${tab}` : "/auth");
    if (interactive) await this.page.locator("html[data-interactive]").waitFor({ state: "attached" });
  }

  async fillRegistration(user: TestUser) {
    await this.page.getByLabel("Full Name").fill(user.name);
    await this.page.getByLabel("Email").fill(user.email);
    await this.page.getByLabel("Username").fill(user.username);
    await this.page.getByLabel("Password").fill(user.password);
  }

  async register(user: TestUser) {
    await this.fillRegistration(user);
    await this.page.getByRole("button", { name: "Create Account" }).click();
  }

  async signIn(username: string, password: string) {
    await this.page.getByLabel("Username").fill(username);
    await this.page.getByLabel("Password").fill(password);
    await this.page.getByRole("button", { name: "Sign In" }).click();
  }
}
