import { expect, type Locator, type Page } from "@playwright/test";

/** A socket test console (/socket-test, /simple-ws-test, /rtc-test and its variants). */
export class DevSocketConsole {
  readonly log: Locator;
  readonly message: Locator;
  readonly notice: Locator;

  constructor(readonly page: Page) {
    this.log = page.getByRole("list", { name: "Frames" });
    this.message = page.getByLabel("Custom message (JSON)");
    this.notice = page.getByRole("alert").filter({ hasText: /\S/ });
  }

  button(name: string): Locator {
    return this.page.getByRole("button", { name, exact: true });
  }

  state(state: string): Locator {
    return this.page.getByText(`State: ${state}`, { exact: true });
  }

  async connect() {
    await this.button("Connect").click();
    await expect(this.state("connected")).toBeVisible();
  }

  /** Log rows of frames of one type, in one direction. */
  frames(direction: "sent" | "received", type: string): Locator {
    return this.log
      .getByRole("listitem")
      .filter({ hasText: `"type":"${type}"` })
      .filter({ has: this.page.getByText(direction, { exact: true }) });
  }

  /** The sentence of a received error frame, as the log shows it above the JSON. */
  errorSentence(sentence: string): Locator {
    return this.log.getByText(sentence, { exact: true });
  }

  async chooseMatchId(id: string) {
    await this.page.getByRole("combobox", { name: "Match id" }).click();
    await this.page.getByRole("option", { name: id, exact: true }).click();
  }
}
