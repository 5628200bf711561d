import { expect, type Locator, type Page } from "@playwright/test";

/** The 18-step onboarding wizard, on /home (first run) or /profile ('Update Profile'). */
export class OnboardingWizard {
  readonly title: Locator;
  readonly error: Locator;
  readonly saveAndExitButton: Locator;

  constructor(readonly page: Page) {
    this.title = page.getByRole("heading", { level: 1 });
    this.error = page.locator("#onboarding-step-error");
    this.saveAndExitButton = page.getByRole("button", { name: "Save and exit" });
  }

  async expectStep(step: number, title?: string | RegExp) {
    await expect(this.page.getByText(`Step ${step} of 18`, { exact: true })).toBeVisible();
    if (title) await expect(this.title).toHaveText(title);
  }

  /**
   * The step as it opens: shown, and its heading focused, which the wizard does once it has scrolled the
   * step to its top. A click after this cannot be moved off its button by that scroll (step 18's button
   * sits at the bottom of the window, so Playwright scrolls to it first).
   */
  async expectOpened(step: number, title: string | RegExp) {
    await this.expectStep(step, title);
    await expect(this.title).toBeFocused();
  }

  async next() {
    await this.page.getByRole("button", { name: "Next", exact: true }).click();
  }

  async getStarted() {
    await this.page.getByRole("button", { name: "Get Started", exact: true }).click();
  }

  async previous() {
    await this.page.getByRole("button", { name: "Previous", exact: true }).click();
  }

  /** Next while the step is unanswered: the step stays and shows SPEC's message. */
  async expectNextRefused(step: number, message: string) {
    await this.next();
    await expect(this.error).toContainText(message);
    await this.expectStep(step);
  }

  radio(name: string): Locator {
    return this.page.getByRole("radio", { name, exact: true });
  }

  checkbox(name: string): Locator {
    return this.page.getByRole("checkbox", { name, exact: true });
  }

  async chooseBirthday(year: number, month: string, day: number) {
    await this.page.getByRole("button", { name: String(year), exact: true }).click();
    await this.selectOption("Month", month);
    await this.page.getByRole("button", { name: `${month} ${day}, ${year}` }).click();
  }

  /** A Radix select: open it by its label, then pick the option. */
  async selectOption(label: string, option: string) {
    await this.page.getByRole("combobox", { name: label }).click();
    await this.page.getByRole("option", { name: option, exact: true }).click();
  }

  async addSlot(list: "Weekdays" | "Weekends", start: string, end: string) {
    await this.page.getByLabel(`${list} start time`).fill(start);
    await this.page.getByLabel(`${list} end time`).fill(end);
    await this.page.getByRole("button", { name: `Add ${list.toLowerCase()} slot` }).click();
  }
}

/** Age on today's date of someone born on 15 June `year`. */
export function ageOn15June(year: number): number {
  const now = new Date();
  const beforeBirthday = now.getMonth() < 5 || (now.getMonth() === 5 && now.getDate() < 15);
  return now.getFullYear() - year - (beforeBirthday ? 1 : 0);
}
