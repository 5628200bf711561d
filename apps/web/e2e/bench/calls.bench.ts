import os from "node:os";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { CallPage } from "../pages/call-page";
import { MatchesPage } from "../pages/matching-matches";
import { closeContexts, matchedPair } from "../support/call-flow";
import { anyPeerConnected, anyPeerNegotiated, framesReceived } from "../support/peers";
import { BASE_URL, HAS_TURN, RELAY_BASE_URL } from "../support/servers";

// Call set-up through the real app, beside a bare RTCPeerConnection pair in the same run (these
// machines are shared and noisy, so only figures from one run compare), on the app without TURN
// (direct) and on the relay-only app through the loopback coturn. Moments are taken in the pages, on
// this machine's one clock: the click as the page receives it, the banner and 'On Call' as they enter
// the DOM, the first audio bytes as getStats counts them. It prints; it asserts nothing about speed.

const RUNS = Number(process.env.BENCH_CALLS ?? 8);
const WAIT = { timeout: 20_000 };

const median = (xs: number[]) => percentile(xs, 50);
function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
const row = (name: string, xs: number[]) =>
  xs.length === 0
    ? `  ${name.padEnd(58)} (never)`
    : `  ${name.padEnd(58)} median ${median(xs).toFixed(0).padStart(5)} ms   p95 ${percentile(xs, 95).toFixed(0).padStart(5)} ms   (n=${xs.length})`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

interface Marks {
  /** Call clicked (caller), Answer clicked (receiver). */
  call?: number;
  answer?: number;
  banner?: number;
  negotiated?: number;
  connected?: number;
  onCall?: number;
  audio?: number;
}

declare global {
  interface Window {
    __benchMarks?: Marks;
    /** Set once Answer is clicked (on the other page too): from then on, audio bytes are looked for. */
    __benchWatchAudio?: boolean;
  }
}

/** In every page: when each moment of a call set-up happened, by Date.now(), first time only. */
async function recordMarks(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.__benchMarks = {};
    const mark = (name: keyof Marks) => {
      const marks = window.__benchMarks ?? {};
      marks[name] ??= Date.now();
    };
    document.addEventListener(
      "click",
      (event) => {
        const target = (event.target as Element | null)?.closest("a, button");
        const text = target?.textContent?.trim();
        if (text === "Call") mark("call");
        if (text === "Answer") mark("answer");
      },
      true,
    );
    let reading = false;
    setInterval(() => {
      const marks = window.__benchMarks ?? {};
      if (
        !marks.banner &&
        document.querySelector('[role="alertdialog"]')?.textContent?.includes("Incoming call")
      ) {
        mark("banner");
      }
      const headings = [...document.querySelectorAll("h1, h2, h3")].map((h) => h.textContent?.trim());
      if (!marks.onCall && headings.includes("On Call")) mark("onCall");
      const peers = (window.__e2ePeers ?? []).map((t) => t.pc).filter((pc) => pc.signalingState !== "closed");
      if (!marks.connected && peers.some((pc) => pc.connectionState === "connected")) mark("connected");
      if (!marks.negotiated && peers.some((pc) => pc.currentRemoteDescription !== null)) {
        mark("negotiated");
      }
      if ((marks.answer !== undefined || window.__benchWatchAudio) && !marks.audio && !reading) {
        reading = true;
        void Promise.all(peers.map((pc) => pc.getStats()))
          .then((all) => {
            for (const stats of all) {
              stats.forEach((r: { type: string; kind?: string; bytesReceived?: number }) => {
                if (r.type === "inbound-rtp" && r.kind === "audio" && (r.bytesReceived ?? 0) > 0)
                  mark("audio");
              });
            }
          })
          .finally(() => {
            reading = false;
          });
      }
    }, 10);
  });
}

const marksOf = (page: Page) => page.evaluate(() => ({ ...window.__benchMarks }));
const resetMarks = (page: Page) =>
  page.evaluate(() => {
    window.__benchMarks = {};
    window.__benchWatchAudio = false;
  });

/** Two peer connections in one page, fake microphone: offer to connected, and to audio bytes. */
async function barePair(page: Page, relay: boolean): Promise<{ connectedMs: number; audioMs: number }> {
  return page.evaluate(async (relay) => {
    const config: RTCConfiguration = {};
    if (relay) {
      const ice = await (await fetch("/api/calls/ice-servers")).json();
      Object.assign(config, { iceServers: ice.iceServers, iceTransportPolicy: "relay" });
    }
    const start = performance.now();
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const [a, b] = [new RTCPeerConnection(config), new RTCPeerConnection(config)];
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
      await new Promise((r) => setTimeout(r, 10));
    }
    const audioMs = performance.now() - start;
    for (const pc of [a, b]) pc.close();
    for (const track of stream.getTracks()) track.stop();
    return { connectedMs, audioMs };
  }, relay);
}

type Person = { page: Page; user: { username: string }; news: ReturnType<typeof framesReceived> };

const newFigures = () => ({
  banner: [] as number[],
  preconnected: [] as number[],
  negotiated: [] as number[],
  onCall: [] as number[],
  audio: [] as number[],
  patched: [] as number[],
  callerTold: [] as number[],
  audioAtCaller: [] as number[],
  audioAtReceiver: [] as number[],
  bareConnected: [] as number[],
  bareAudio: [] as number[],
});
type Figures = ReturnType<typeof newFigures>;

/** One call from `from` to `to`, answered, measured, hung up; then a bare pair in the receiver's page. */
async function oneCall(from: Person, to: Person, relay: boolean, figures: Figures): Promise<boolean> {
  // The receiver somewhere else in the app; the caller on their matches.
  await to.page.goto("/matches");
  await expect(new MatchesPage(to.page).heading).toBeVisible(WAIT);
  const matches = new MatchesPage(from.page);
  await matches.goto();
  const call = matches.card(to.user.username).getByRole("link", { name: "Call", exact: true });
  await call.waitFor(WAIT);
  await Promise.all([resetMarks(from.page), resetMarks(to.page)]);
  from.news.length = 0;
  let patchedAt = 0;
  const onResponse = (r: { request(): { method(): string }; url(): string }) => {
    if (r.request().method() === "PATCH" && /\/api\/calls\/\d+$/.test(r.url())) patchedAt ||= Date.now();
  };
  to.page.on("response", onResponse);

  await call.click();
  const callerCall = new CallPage(from.page);
  const receiverCall = new CallPage(to.page);
  const answer = to.page
    .getByRole("alertdialog", { name: "Incoming call" })
    .getByRole("button", { name: "Answer" });
  await answer.waitFor(WAIT);
  // Someone answers once it has rung a moment: by then the ring has prepared the call (or it never
  // will): connected through the relay; without TURN negotiated only, candidates held until Answer.
  const prepared = relay ? anyPeerConnected : anyPeerNegotiated;
  const preconnected = await expect
    .poll(() => prepared(to.page), { timeout: 5_000 })
    .toBe(true)
    .then(
      () => true,
      () => false,
    );
  await answer.click();
  await from.page.evaluate(() => {
    window.__benchWatchAudio = true;
  });
  await Promise.all([
    expect(receiverCall.state("On Call")).toBeVisible(WAIT),
    expect(callerCall.state("On Call")).toBeVisible(WAIT),
  ]);
  await Promise.all(
    [from.page, to.page].map((page) =>
      expect.poll(async () => (await marksOf(page)).audio, WAIT).toBeGreaterThan(0),
    ),
  );
  to.page.off("response", onResponse);
  const [m, r] = await Promise.all([marksOf(from.page), marksOf(to.page)]);
  const answeredAt = r.answer ?? Number.NaN;
  const told = from.news.find(
    ({ frame }) => frame.type === "call:status" && (frame as { status?: string }).status === "active",
  );
  figures.banner.push((r.banner ?? Number.NaN) - (m.call ?? Number.NaN));
  if (r.negotiated !== undefined && r.negotiated < answeredAt) {
    figures.negotiated.push(r.negotiated - (m.call ?? Number.NaN));
  }
  if (r.connected !== undefined && r.connected < answeredAt) {
    figures.preconnected.push(r.connected - (m.call ?? Number.NaN));
  }
  figures.onCall.push(Math.max(m.onCall ?? Number.NaN, r.onCall ?? Number.NaN) - answeredAt);
  figures.audio.push(Math.max(m.audio ?? Number.NaN, r.audio ?? Number.NaN) - answeredAt);
  figures.audioAtCaller.push((m.audio ?? Number.NaN) - answeredAt);
  figures.audioAtReceiver.push((r.audio ?? Number.NaN) - answeredAt);
  if (patchedAt) figures.patched.push(patchedAt - answeredAt);
  if (told) figures.callerTold.push(told.at - answeredAt);
  console.log(
    `  ${relay ? "relay" : "direct"}: banner ${figures.banner.at(-1)} ms, 'On Call' ${figures.onCall.at(-1)} ms, audio ${figures.audio.at(-1)} ms`,
  );

  await callerCall.button("Hang Up").click();
  await Promise.all([
    expect(callerCall.state("Call Ended")).toBeVisible(WAIT),
    expect(receiverCall.state("Call Ended")).toBeVisible(WAIT),
  ]);
  const bare = await barePair(to.page, relay);
  figures.bareConnected.push(bare.connectedMs);
  figures.bareAudio.push(bare.audioMs);
  return preconnected;
}

/** A run that failed may leave its call live: end it, so that the next run can call. */
async function endLiveCalls(page: Page) {
  const matches = (await (await page.request.get("/api/matches")).json()) as { id: number }[];
  for (const { id } of Array.isArray(matches) ? matches : []) {
    const live = await page.request.get(`/api/calls/match/${id}/active`);
    if (!live.ok()) continue;
    const { id: callId, status } = (await live.json()) as { id: number; status: string };
    // Pending: the caller cancels, the receiver declines; whichever this page is, one of them goes.
    for (const end of status === "pending" ? ["cancelled", "rejected"] : ["completed"]) {
      await page.request.patch(`/api/calls/${callId}`, { data: { status: end } });
    }
  }
}

/** RUNS calls between two people on the app at `baseURL`, taking turns to call; the figures. */
async function measure(browser: Parameters<typeof matchedPair>[0], baseURL: string, relay: boolean) {
  const pair = await matchedPair(browser, 47, { baseURL });
  // Elite, both: 5 calls a day each, taking turns, so the allowance never stops the run.
  for (const page of [pair.callerPage, pair.receiverPage]) {
    await recordMarks(page.context());
    const res = await page.request.post("/api/subscription", { data: { profileType: "elite" } });
    expect(res.status()).toBe(200);
  }
  const people: Person[] = [
    { page: pair.callerPage, user: pair.caller, news: framesReceived(pair.callerPage, "/ws") },
    { page: pair.receiverPage, user: pair.receiver, news: framesReceived(pair.receiverPage, "/ws") },
  ];
  const figures = newFigures();
  let notPreconnected = 0;
  const failures: string[] = [];
  for (let i = 0; i < RUNS; i++) {
    const [from, to] = i % 2 === 0 ? [people[0], people[1]] : [people[1], people[0]];
    if (!from || !to) throw new Error("no pair");
    try {
      if (!(await oneCall(from, to, relay, figures))) notPreconnected += 1;
    } catch (error) {
      // A benchmark reports what it measured: one call that went wrong is counted, not fatal.
      const lines = String(error).split("\n");
      const where = `${relay ? "relay" : "direct"}-call-${i + 1}`;
      failures.push(
        [`call ${i + 1}:`, lines[0], lines.find((l) => l.startsWith("Locator:"))].filter(Boolean).join(" "),
      );
      for (const [who, person] of [
        ["caller", from],
        ["receiver", to],
      ] as const) {
        await person.page.screenshot({ path: test.info().outputPath(`${where}-${who}.png`) }).catch(() => {});
      }
      for (const person of [from, to]) await endLiveCalls(person.page).catch(() => {});
    }
  }
  return { figures, notPreconnected, failures };
}

test.afterAll(closeContexts);

test("call set-up: Call to banner, Answer to 'On Call' and to audio both ways, beside a bare peer connection pair, direct and relayed", async ({
  browser,
}) => {
  const loadBefore = load();
  const modes = [{ name: "direct (no TURN)", baseURL: BASE_URL, relay: false }];
  if (HAS_TURN)
    modes.push({ name: "through the loopback coturn relay", baseURL: RELAY_BASE_URL, relay: true });
  const lines: string[] = [
    "",
    `Call set-up, ${RUNS} calls per mode (loopback, headless Chromium, fake microphone)`,
  ];
  for (const mode of modes) {
    const { figures: f, notPreconnected, failures } = await measure(browser, mode.baseURL, mode.relay);
    const ratio = median(f.audio) / median(f.bareConnected);
    lines.push(
      "",
      `${mode.name}:`,
      row("Call click → the other page's banner", f.banner),
      row("Answer click → audio bytes arriving on both pages", f.audio),
      row("Answer click → 'On Call' on both pages", f.onCall),
      row("bare pair: start → both connected", f.bareConnected),
      row("bare pair: start → first audio bytes", f.bareAudio),
      `  Answer → audio ÷ bare connected (medians): ${ratio.toFixed(2)}× (target: at most 2×)`,
      "  where the time goes:",
      row("Call click → receiver's link connected (while ringing)", f.preconnected),
      row("Call click → receiver's offer/answer done (while ringing)", f.negotiated),
      row("Answer click → the receiver's PATCH active answered", f.patched),
      row("Answer click → the caller's page told 'active' (/ws)", f.callerTold),
      row("Answer click → audio at the caller (receiver's voice)", f.audioAtCaller),
      row("Answer click → audio at the receiver (caller's voice)", f.audioAtReceiver),
      `  calls answered before the ring had prepared the call: ${notPreconnected} of ${RUNS}`,
      ...failures.map((f) => `  a call that failed (not measured): ${f}`),
    );
  }
  lines.push(
    "",
    `load average (1, 5, 15 min): before ${loadBefore}; after ${load()}; ${os.cpus().length} CPUs`,
    "",
  );
  console.log(lines.join("\n"));
});
