/** How often the tab's title swaps between the call and the page. */
export const TITLE_FLASH_MS = 1_000;

export const callingTitle = (username: string) => `${username} is calling`;

/** Where the title lives: `document` in the app, a plain object in tests. */
export interface TitleHolder {
  title: string;
}

/**
 * Flashes '{username} is calling' in the tab's title, alternating with the page's own, until stopped;
 * then the page's title is back. A page that changes its title meanwhile (a navigation) is followed:
 * its new title is the one restored.
 */
export class TitleFlash {
  private base: string;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly holder: TitleHolder,
    private readonly text: string,
    private readonly every = TITLE_FLASH_MS,
  ) {
    this.base = holder.title;
  }

  start(): void {
    if (this.timer) return;
    this.tick();
    this.timer = setInterval(() => this.tick(), this.every);
  }

  /** One swap: the call's text, or the page's title. */
  tick(): void {
    const current = this.holder.title;
    if (current === this.text) {
      this.holder.title = this.base;
    } else {
      // The page's title, or a new one it set meanwhile (a navigation): the call's text next.
      this.base = current;
      this.holder.title = this.text;
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.holder.title === this.text) this.holder.title = this.base;
  }
}
