import type { Locator, Page } from "@playwright/test";

export class LandingPage {
  readonly header: Locator;
  readonly heroHeading: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole("banner");
    this.heroHeading = page.getByRole("heading", {
      level: 1,
      name: "Find Your Kindred Spirit Through Conversation",
    });
  }

  async goto() {
    await this.page.goto("/");
    // The page is pre-rendered: its buttons work once React has taken it over.
    await this.page.locator("html[data-interactive]").waitFor({ state: "attached" });
  }

  signInLink() {
    return this.header.getByRole("link", { name: "Sign In" });
  }

  signUpLink() {
    return this.header.getByRole("link", { name: "Sign Up" });
  }
}
