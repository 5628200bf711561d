import type { Locator, Page } from "@playwright/test";

export class DebugMatchesPage {
  readonly generateButton: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.generateButton = page.getByRole("button", { name: "Generate Matches" });
    this.table = page.getByRole("table");
  }

  async goto() {
    await this.page.goto("/debug-matches");
  }

  row(username: string): Locator {
    return this.table.getByRole("row").filter({ hasText: username });
  }

  fact(term: string): Locator {
    return this.page.getByRole("definition").filter({ has: this.page.getByText(term) });
  }
}
