import { expect, type Page, test } from "@playwright/test";
import { CallPage } from "./pages/call-page";
import { MatchesPage } from "./pages/matching-matches";
import { onboard } from "./pages/matching-people";
import {
  closeAllContexts,
  closeContexts,
  incomingBanner,
  matchedPair,
  newPage,
  ring,
} from "./support/call-flow";
import {
  anyPeerNegotiated,
  audioTotals,
  candidates,
  candidatesInFrames,
  framesReceived,
} from "./support/peers";
import { CHROMIUM_NO_MIC_ARGS } from "./support/servers";

// Issue 26: a call negotiates while it rings, so Answer only switches the audio on; until then no
// audio leaves either device and the caller learns nothing of where the receiver is. The shared app
// has no TURN: ICE may go direct, so the receiver holds its candidates until Answer.

test.afterEach(closeContexts);

/** The addresses of the c= and a=rtcp lines of the SDP a page was given (all 0.0.0.0 without candidates). */
function sdpAddresses(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window.__e2ePeers ?? []).flatMap(({ pc }) =>
      (pc.remoteDescription?.sdp ?? "")
        .split(/\r?\n/)
        .flatMap((l) => /^(?:c=IN IP[46] |a=rtcp:\d+ IN IP[46] )(\S+)/.exec(l)?.[1] ?? []),
    ),
  );
}

test("answered from the banner on another page: nothing is heard or revealed while it rings, then audio both ways", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { callerPage, receiverPage, caller, receiver } = await matchedPair(browser, 53);
  const callerFrames = framesReceived(callerPage);
  const { callerCall, banner, matchId } = await ring(callerPage, receiverPage, receiver.username, "/matches");
  await expect(banner).toContainText(caller.username);
  await expect(receiverPage).toHaveURL(/\/matches$/);

  // Both sides prepare the call while it rings: offer and answer are exchanged, with no media. (Without
  // TURN the receiver holds its candidates and the caller's until Answer: its connectivity checks would
  // show the caller its address, as peer-reflexive. With TURN the link connects while ringing:
  // calls-relay.spec.ts.)
  for (const page of [receiverPage, callerPage]) {
    await expect.poll(() => anyPeerNegotiated(page), { message: "negotiated while it rings" }).toBe(true);
  }
  // An observation window, not a wait for something to happen: nothing may be sent or learnt in it (a
  // caller that attached its microphone early was heard by a ringing receiver within it, RESEARCH §5.2).
  await receiverPage.waitForTimeout(1_500);
  for (const page of [callerPage, receiverPage]) {
    expect(
      await audioTotals(page),
      `no audio before Answer (${page === callerPage ? "caller" : "receiver"})`,
    ).toMatchObject({ packetsSent: 0, bytesSent: 0, bytesReceived: 0 });
  }
  // The caller's page was given no candidate of the receiver at all: not in what reached its peer
  // connections, not in the frames the server relayed, not in what ICE learnt (no prflx either).
  const seen = await candidates(callerPage);
  expect(seen.given, "candidates the caller's connections were given").toEqual([]);
  expect(candidatesInFrames(callerFrames), "candidates relayed to the caller").toEqual([]);
  expect(seen.remoteStats, "remote candidates in the caller's getStats").toEqual([]);
  expect(
    (await sdpAddresses(callerPage)).filter((a) => a !== "0.0.0.0"),
    "addresses in the SDP the caller was given",
  ).toEqual([]);

  const answeredAt = Date.now();
  await banner.getByRole("button", { name: "Answer" }).click();
  await expect(receiverPage).toHaveURL(new RegExp(`/call/${matchId}$`));
  const receiverCall = new CallPage(receiverPage);
  await Promise.all([
    expect(receiverCall.state("On Call")).toBeVisible(),
    expect(callerCall.state("On Call")).toBeVisible(),
  ]);
  const onCallMs = Date.now() - answeredAt;
  await Promise.all([callerCall.expectAudioArriving(), receiverCall.expectAudioArriving()]);
  console.log(
    `calls: from the banner on /matches: Answer → 'On Call' on both ${onCallMs} ms; → audio growing both ways ${Date.now() - answeredAt} ms`,
  );
  for (const page of [callerPage, receiverPage]) {
    expect((await audioTotals(page)).packetsSent).toBeGreaterThan(0);
  }
  // Up to the click, nothing reached the caller either (the receiver's candidates go at Answer).
  const beforeAnswer = (c: { at: number; type: string }) => c.at < answeredAt;
  expect((await candidates(callerPage)).given.filter(beforeAnswer)).toEqual([]);
  expect(candidatesInFrames(callerFrames).filter(beforeAnswer)).toEqual([]);
  await expect(banner).toHaveCount(0);
  await callerCall.button("Hang Up").click();
  await expect(receiverCall.state("Call Ended")).toBeVisible();
});

test("the caller cancels while it rings: the banner leaves every tab of the receiver, and a second call answered in one tab leaves the other", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { callerPage, receiverPage, receiver } = await matchedPair(browser, 54);
  const otherTab = await receiverPage.context().newPage();
  await new MatchesPage(otherTab).goto();
  await expect(new MatchesPage(otherTab).heading).toBeVisible();
  const tabs = [receiverPage, otherTab];

  const first = await ring(callerPage, receiverPage, receiver.username);
  await expect(incomingBanner(otherTab)).toBeVisible();
  // Each tab that shows the banner prepares the call.
  for (const tab of tabs) await expect.poll(() => anyPeerNegotiated(tab)).toBe(true);
  const cancelledAt = Date.now();
  await first.callerCall.button("Cancel Call").click();
  await Promise.all(tabs.map((tab) => expect(incomingBanner(tab)).toHaveCount(0)));
  console.log(`calls: Cancel Call → every banner of the receiver gone ${Date.now() - cancelledAt} ms`);
  // …and lets go of the connection it had prepared.
  for (const tab of tabs) await expect.poll(async () => (await audioTotals(tab)).open).toBe(0);
  expect(await (await receiverPage.request.get("/api/calls/incoming")).json()).toEqual([]);

  // Answered in one tab: the other tab's banner goes, and its connection is dropped at once.
  const second = await ring(callerPage, receiverPage, receiver.username);
  await expect(incomingBanner(otherTab)).toBeVisible();
  await incomingBanner(otherTab).getByRole("button", { name: "Answer" }).click();
  await expect(new CallPage(otherTab).state("On Call")).toBeVisible();
  await expect(second.callerCall.state("On Call")).toBeVisible();
  await expect(incomingBanner(receiverPage)).toHaveCount(0);
  await expect.poll(async () => (await audioTotals(receiverPage)).open).toBe(0);
  await Promise.all([second.callerCall.expectAudioArriving(), new CallPage(otherTab).expectAudioArriving()]);
  await second.callerCall.button("Hang Up").click();
  await expect(new CallPage(otherTab).state("Call Ended")).toBeVisible();
});

test("with the microphone blocked, the caller is told what to do and the other side never rings", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(90_000);
  // A browser whose pages were never allowed the microphone (the other browser's prompts say yes).
  const blocked = await playwright.chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: CHROMIUM_NO_MIC_ARGS,
  });
  try {
    const callerPage = await newPage(blocked);
    const receiverPage = await newPage(browser);
    await onboard(callerPage, "woman", "cw", 55);
    const receiver = await onboard(receiverPage, "man", "cm", 55);
    expect((await callerPage.request.post("/api/generate-matches")).status()).toBe(200);
    const receiverNews = framesReceived(receiverPage, "/ws");
    await receiverPage.goto("/home");
    await expect(receiverPage.getByRole("heading", { name: /^Welcome, / })).toBeVisible();

    const matches = new MatchesPage(callerPage);
    await matches.goto();
    await matches.card(receiver.username).getByRole("link", { name: "Call", exact: true }).click();
    const callerCall = new CallPage(callerPage);
    await expect(callerCall.state("Call Failed")).toBeVisible();
    await expect(callerCall.panel.getByText("Failed to access microphone or camera")).toBeVisible();
    await expect(
      callerCall.panel.getByText(
        "Your browser blocked the microphone. Click the lock or site-settings icon next to the address bar, set Microphone to Allow for this site, then reload the page.",
      ),
    ).toBeVisible();
    // Nothing rang: no call was made, nothing incoming reached the receiver's page, no banner.
    const matchId = /\/call\/(\d+)/.exec(callerPage.url())?.[1];
    expect((await callerPage.request.get(`/api/calls/match/${matchId}/active`)).status()).toBe(404);
    expect(await (await receiverPage.request.get("/api/calls/incoming")).json()).toEqual([]);
    expect(receiverNews.filter(({ frame }) => frame.type === "call:incoming")).toEqual([]);
    await expect(incomingBanner(receiverPage)).toHaveCount(0);
  } finally {
    await closeAllContexts();
    await blocked.close();
  }
});
