import type { Locator, Page } from "@playwright/test";
import { expect } from "@playwright/test";

/** /call/{matchId}: the call panel, and the peer connection the page exposes for its stats. */
export class CallPage {
  readonly panel: Locator;
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByRole("region", { name: "Call" });
    this.heading = page.getByRole("heading", { level: 1, name: "Audio Call" });
  }

  state(title: string): Locator {
    return this.panel.getByRole("heading", { name: title, exact: true });
  }

  button(name: string): Locator {
    return this.panel.getByRole("button", { name, exact: true });
  }

  /** Audio bytes received so far by this page's RTCPeerConnection (inbound-rtp, kind audio). */
  inboundAudioBytes(): Promise<number> {
    return this.page.evaluate(async () => {
      const pc = (window as unknown as { __kindredPeer?: RTCPeerConnection | null }).__kindredPeer;
      if (!pc) return 0;
      let bytes = 0;
      (await pc.getStats()).forEach((report: { type: string; kind?: string; bytesReceived?: number }) => {
        if (report.type === "inbound-rtp" && report.kind === "audio") bytes += report.bytesReceived ?? 0;
      });
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
