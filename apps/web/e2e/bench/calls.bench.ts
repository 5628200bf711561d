import { expect, type Page, test } from "@playwright/test";
import { CallPage } from "../pages/call-page";
import { MatchesPage } from "../pages/matching-matches";
import { closeContexts, matchedPair } from "../support/call-flow";

// Call set-up through the real app, beside a bare RTCPeerConnection pair in the same run (these
// machines are shared and noisy, so only figures from one run compare).

const RUNS = Number(process.env.BENCH_CALLS ?? 8);
const POLL = { intervals: [20], timeout: 20_000 };

const median = (xs: number[]) => percentile(xs, 50);
function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
const row = (name: string, xs: number[]) =>
  `${name.padEnd(44)} median ${median(xs).toFixed(0).padStart(5)} ms   p95 ${percentile(xs, 95).toFixed(0).padStart(5)} ms   (n=${xs.length})`;

/** Two peer connections in one page, fake microphone, loopback: offer to connected, and to audio bytes. */
async function barePair(page: Page): Promise<{ connectedMs: number; audioMs: number }> {
  return page.evaluate(async () => {
    const start = performance.now();
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const [a, b] = [new RTCPeerConnection(), new RTCPeerConnection()];
    a.onicecandidate = (e) => e.candidate && b.addIceCandidate(e.candidate);
    b.onicecandidate = (e) => e.candidate && a.addIceCandidate(e.candidate);
    for (const track of stream.getTracks()) a.addTrack(track, stream);
    const connected = Promise.all(
      [a, b].map(
        (pc) =>
          new Promise<void>((resolve) => {
            pc.onconnectionstatechange = () => pc.connectionState === "connected" && resolve();
          }),
      ),
    );
    await a.setLocalDescription();
    await b.setRemoteDescription(a.localDescription as RTCSessionDescription);
    await b.setLocalDescription();
    await a.setRemoteDescription(b.localDescription as RTCSessionDescription);
    await connected;
    const connectedMs = performance.now() - start;
    for (;;) {
      let bytes = 0;
      (await b.getStats()).forEach((r) => {
        if (r.type === "inbound-rtp" && r.kind === "audio") bytes += r.bytesReceived ?? 0;
      });
      if (bytes > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const audioMs = performance.now() - start;
    for (const pc of [a, b]) pc.close();
    for (const track of stream.getTracks()) track.stop();
    return { connectedMs, audioMs };
  });
}

test.afterAll(closeContexts);

test("call set-up: Answer click to 'On Call' and to first audio bytes, beside a bare peer connection pair", async ({
  browser,
}) => {
  const pair = await matchedPair(browser, 47);
  // Elite, both: 5 calls a day each, taking turns, so the allowance never stops the run.
  for (const page of [pair.callerPage, pair.receiverPage]) {
    expect((await page.request.post("/api/subscription", { data: { profileType: "elite" } })).status()).toBe(
      200,
    );
  }
  const people = [
    { page: pair.callerPage, user: pair.caller },
    { page: pair.receiverPage, user: pair.receiver },
  ];
  const onCall: number[] = [];
  const audio: number[] = [];
  const bareConnected: number[] = [];
  const bareAudio: number[] = [];

  for (let i = 0; i < RUNS; i++) {
    const [from, to] = i % 2 === 0 ? [people[0], people[1]] : [people[1], people[0]];
    if (!from || !to) throw new Error("no pair");
    await to.page.goto("/home");
    await expect(to.page.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
    await new MatchesPage(from.page).goto();
    await new MatchesPage(from.page)
      .card(to.user.username)
      .getByRole("link", { name: "Call", exact: true })
      .click();
    const callerCall = new CallPage(from.page);
    const receiverCall = new CallPage(to.page);
    await expect(callerCall.state("Calling...")).toBeVisible({ timeout: 20_000 });
    const answer = to.page
      .getByRole("alertdialog", { name: "Incoming call" })
      .getByRole("button", { name: "Answer" });
    await answer.waitFor({ timeout: 20_000 });

    const answeredAt = Date.now();
    await answer.click();
    await Promise.all([
      expect(receiverCall.state("On Call")).toBeVisible({ timeout: 20_000 }),
      expect(callerCall.state("On Call")).toBeVisible({ timeout: 20_000 }),
    ]);
    onCall.push(Date.now() - answeredAt);
    await Promise.all([
      expect.poll(() => callerCall.inboundAudioBytes(), POLL).toBeGreaterThan(0),
      expect.poll(() => receiverCall.inboundAudioBytes(), POLL).toBeGreaterThan(0),
    ]);
    audio.push(Date.now() - answeredAt);
    await callerCall.button("Hang Up").click();
    await expect(from.page).toHaveURL(/\/matches$/, { timeout: 20_000 });

    const bare = await barePair(to.page);
    bareConnected.push(bare.connectedMs);
    bareAudio.push(bare.audioMs);
  }

  const ratio = median(onCall) / median(bareConnected);
  console.log(
    [
      "",
      `Call set-up over ${RUNS} calls (loopback, headless Chromium, fake microphone)`,
      row("(a) Answer click → 'On Call' on both pages", onCall),
      row("(b) Answer click → audio bytes on both pages", audio),
      row("bare pair: start → both connected", bareConnected),
      row("bare pair: start → first audio bytes", bareAudio),
      `(a) ÷ bare connected (medians): ${ratio.toFixed(1)}× (target: within 2×)`,
      "",
    ].join("\n"),
  );
});
