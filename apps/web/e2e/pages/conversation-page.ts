import type { Locator, Page } from "@playwright/test";

/** /conversation/{matchId}: the header, the thread, the message box and the private notes. */
export class ConversationPage {
  /** The conversation itself: after a link to it, the page it left may still show a moment. */
  readonly screen: Locator;
  readonly thread: Locator;
  readonly input: Locator;
  readonly sendButton: Locator;
  readonly notesButton: Locator;
  readonly notesDialog: Locator;

  constructor(readonly page: Page) {
    this.screen = page.getByRole("region", { name: /^Conversation with / });
    this.thread = page.getByRole("log", { name: "Messages" });
    this.input = page.getByRole("textbox", { name: "Message" });
    this.sendButton = page.getByRole("button", { name: "Send", exact: true });
    this.notesButton = this.screen.getByRole("button", { name: "Notes" });
    this.notesDialog = page.getByRole("dialog", { name: "Private Notes" });
  }

  async goto(matchId: number | string) {
    await this.page.goto(`/conversation/${matchId}`);
  }

  async send(text: string) {
    await this.input.fill(text);
    await this.sendButton.click();
  }

  /** The bubble (with its time and status line) of every message that reads exactly `text`. */
  bubble(text: string): Locator {
    return this.thread.getByRole("listitem").filter({ has: this.page.getByText(text, { exact: true }) });
  }

  async openNotes() {
    await this.notesButton.click();
    return this.notesDialog;
  }

  async addNote(text: string) {
    await this.notesDialog.getByRole("textbox", { name: "New note" }).fill(text);
    await this.notesDialog.getByRole("button", { name: "Save Note" }).click();
  }

  note(text: string): Locator {
    return this.notesDialog.getByRole("listitem", { name: "Note" }).filter({ hasText: text });
  }
}
