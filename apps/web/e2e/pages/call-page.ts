import type { Locator, Page } from "@playwright/test";
import { expect } from "@playwright/test";

/** Seconds in an 'mm:ss' somewhere in `text`, or null. */
export function mmSsSeconds(text: string | null): number | null {
  const m = /(\d+):(\d\d)/.exec(text ?? "");
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/**
 * Waits until the countdown `locator` shows what is left until `deadline` (the server's, an ISO
 * time; browser, server and test share this machine's clock): the deadline the page counts to is
 * the server's, to the second.
 */
export async function expectCountsTo(locator: Locator, deadline: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const shown = mmSsSeconds(await locator.textContent());
        const left = (Date.parse(deadline) - Date.now()) / 1000;
        return shown === null ? Number.NaN : Math.abs(shown - left);
      },
      { intervals: [250], message: `the countdown counts to ${deadline}` },
    )
    .toBeLessThan(1.5);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** /call/{matchId}: the call panel, and the peer connections the page made, for their stats. */
export class CallPage {
  readonly panel: Locator;
  readonly heading: Locator;
  readonly timeRemaining: Locator;
  readonly reconnecting: Locator;
  /** Elapsed of the call's whole length, in seconds (aria-valuenow), under the timer while on call. */
  readonly progress: Locator;
  /** The debug block, collapsed under 'Details'. */
  readonly details: Locator;
  readonly detailsSummary: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByRole("region", { name: "Call" });
    this.heading = page.getByRole("heading", { level: 1, name: "Audio Call" });
    this.timeRemaining = this.panel.getByText(/^Time remaining: \d\d:\d\d$/);
    this.reconnecting = this.panel.getByText("Reconnecting…", { exact: true });
    this.progress = this.panel.getByRole("progressbar", { name: "Call progress", exact: true });
    this.detailsSummary = page.locator("summary", { hasText: /^Details$/ });
    this.details = page.locator("details", { has: this.detailsSummary });
  }

  /**
   * One side on the panel: 'You', or the other person's username. Its name is the caption, and
   * ' is talking' / ' are talking' while they talk.
   */
  person(label: string): Locator {
    return this.panel.getByRole("figure", { name: new RegExp(`^${escapeRegExp(label)}( |$)`) });
  }

  /** How loud that side is right now, 0..1 (absent before connect: NaN). */
  async activity(label: string): Promise<number> {
    return Number(await this.person(label).getAttribute("data-level"));
  }

  /** Seconds into the call, as the progress bar says. */
  async elapsedSeconds(): Promise<number> {
    return Number(await this.progress.getAttribute("aria-valuenow"));
  }

  /** A row of the debug block ('Match ID', 'Call ID'...), opening 'Details' first if it is closed. */
  async debugValue(label: string): Promise<string | null> {
    if ((await this.details.getAttribute("open")) === null) await this.detailsSummary.click();
    const row = this.details.locator("dt", { hasText: new RegExp(`^${escapeRegExp(label)}$`) });
    return row.locator("xpath=following-sibling::dd[1]").textContent();
  }

  state(title: string): Locator {
    return this.panel.getByRole("heading", { name: title, exact: true });
  }

  button(name: string): Locator {
    return this.panel.getByRole("button", { name, exact: true });
  }

  /** '{username} muted their microphone', as the other side sees it. */
  peerMuted(username: string): Locator {
    return this.panel.getByText(`${username} muted their microphone`, { exact: true });
  }

  /**
   * Audio bytes received so far (inbound-rtp, kind audio): over every open peer connection the page
   * made when they are tracked (support/peers.ts), else over the one the app exposes.
   */
  inboundAudioBytes(): Promise<number> {
    return this.page.evaluate(async () => {
      const w = window as unknown as {
        __kindredPeer?: RTCPeerConnection | null;
        __e2ePeers?: { pc: RTCPeerConnection }[];
      };
      const peers = w.__e2ePeers
        ? w.__e2ePeers.map((t) => t.pc)
        : [w.__kindredPeer].filter((pc): pc is RTCPeerConnection => !!pc);
      let bytes = 0;
      for (const pc of peers) {
        if (pc.signalingState === "closed") continue;
        (await pc.getStats()).forEach((report: { type: string; kind?: string; bytesReceived?: number }) => {
          if (report.type === "inbound-rtp" && report.kind === "audio") bytes += report.bytesReceived ?? 0;
        });
      }
      return bytes;
    });
  }

  /** Waits until inbound audio bytes are above zero and then grow again: sound is really arriving. */
  async expectAudioArriving(): Promise<void> {
    let first = 0;
    await expect
      .poll(async () => (first = await this.inboundAudioBytes()), { intervals: [100] })
      .toBeGreaterThan(0);
    await expect.poll(() => this.inboundAudioBytes(), { intervals: [100] }).toBeGreaterThan(first);
  }
}

/** The slim bar every other page shows while a call is live: who, time left, mute, hang up, back. */
export class CallBar {
  readonly region: Locator;
  readonly mute: Locator;
  readonly hangUp: Locator;
  readonly returnLink: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole("region", { name: "Ongoing call" });
    this.mute = this.region.getByRole("button", { name: "Mute", exact: true });
    this.hangUp = this.region.getByRole("button", { name: "Hang Up", exact: true });
    this.returnLink = this.region.getByRole("link", { name: "Return to call", exact: true });
  }

  /** The bar's 'mm:ss' left. */
  get timeRemaining(): Locator {
    return this.region.getByText(/\d\d:\d\d/).first();
  }
}
