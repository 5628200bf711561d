import type { Locator, Page } from "@playwright/test";

/** /matches and the match cards (also used for the cards on /home). */
export class MatchesPage {
  readonly heading: Locator;
  readonly findButton: Locator;
  readonly limitReachedButton: Locator;
  /** 'Limit Reached' on Free and Premium: a link to the plans. */
  readonly limitReachedLink: Locator;
  readonly filter: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1, name: "Your Matches" });
    this.findButton = page.getByRole("button", { name: "Find New Matches" });
    this.limitReachedButton = page.getByRole("button", { name: "Limit Reached" });
    this.limitReachedLink = page.getByRole("link", { name: "Limit Reached" });
    this.filter = page.getByRole("radiogroup", { name: "Filter matches" });
  }

  async goto() {
    await this.page.goto("/matches");
  }

  card(username: string): Locator {
    return this.page.getByRole("article", { name: `Match with ${username}` });
  }

  async openMenu(username: string) {
    await this.card(username)
      .getByRole("button", { name: `More options for ${username}` })
      .click();
  }

  /** The card's scheduled call: its time, where the proposal stands, and what can be done about it. */
  schedule(username: string): Locator {
    return this.card(username).getByRole("region", { name: `Scheduled call with ${username}` });
  }

  /**
   * Picks a day (its calendar label, e.g. 'Friday, March 6, 2026', moving to the next month first when
   * `nextMonth`) and a slot in an open schedule dialog, and sends it.
   */
  async pickSlot(
    dialog: Locator,
    day: { label: string; nextMonth: boolean },
    slotLabel: string,
    send: string,
  ) {
    if (day.nextMonth) await dialog.getByRole("button", { name: "Next month" }).click();
    await dialog.getByRole("button", { name: day.label }).click();
    await dialog.getByRole("radio", { name: slotLabel }).click();
    await dialog.getByRole("button", { name: send }).click();
  }

  /** Schedules a call on the 15th of next month (always in the future) at the given slot label. */
  async scheduleCall(username: string, slotLabel: string, dayLabel: string) {
    await this.openMenu(username);
    await this.page.getByRole("menuitem", { name: "Schedule a call" }).click();
    const dialog = this.page.getByRole("dialog", { name: `Schedule a call with ${username}` });
    await dialog.getByRole("button", { name: "Next month" }).click();
    await dialog.getByRole("button", { name: dayLabel }).click();
    await dialog.getByRole("radio", { name: slotLabel }).click();
    await dialog.getByRole("button", { name: "Schedule Call" }).click();
    return dialog;
  }
}
