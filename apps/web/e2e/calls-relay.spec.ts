import { expect, type Page, test } from "@playwright/test";
import { CallPage } from "./pages/call-page";
import { closeContexts, matchedPair, ring } from "./support/call-flow";
import {
  anyPeerConnected,
  audioTotals,
  candidates,
  candidatesInFrames,
  framesReceived,
} from "./support/peers";
import { HAS_TURN, RELAY_BASE_URL, RELAY_MAX_PORT, RELAY_MIN_PORT } from "./support/servers";

// The second app of playwright.config.ts: TURN through Debian's coturn on loopback with short-lived REST
// credentials, and no ICE_TRANSPORT_POLICY, so relay-only by default. A call there can only connect
// through the relay, and neither page ever learns the other's address.
test.use({ baseURL: RELAY_BASE_URL });
test.afterEach(closeContexts);

/** The types of the candidate pair the page's peer connection selected, e.g. ["relay", "relay"]. */
async function selectedPairTypes(call: CallPage): Promise<string[]> {
  return call.page.evaluate(async () => {
    const pc = (window as unknown as { __kindredPeer?: RTCPeerConnection | null }).__kindredPeer;
    if (!pc) return [];
    const stats = new Map<string, Record<string, unknown>>();
    (await pc.getStats()).forEach((r: Record<string, unknown>) => {
      stats.set(String(r.id), r);
    });
    const transport = [...stats.values()].find((r) => r.type === "transport");
    const pair = stats.get(String(transport?.selectedCandidatePairId));
    if (!pair) return [];
    return [pair.localCandidateId, pair.remoteCandidateId].map((id) =>
      String(stats.get(String(id))?.candidateType),
    );
  });
}

/** Every candidate type a page was given or gathered, and that the server relayed to it: all relay. */
async function expectRelayOnly(page: Page, frames: Parameters<typeof candidatesInFrames>[0], when: string) {
  const seen = await candidates(page);
  const types = (list: { type: string }[]) => [...new Set(list.map((c) => c.type))];
  expect(types(seen.given), `candidates given to the page ${when}`).toEqual(["relay"]);
  expect(types(candidatesInFrames(frames)), `candidates relayed to the page ${when}`).toEqual(["relay"]);
  // ICE may also know a relay's address as peer-reflexive (a check that came before its candidate):
  // whatever the type, each address it learnt is one of the relay's ports.
  const notRelayed = seen.remoteStats.filter(
    (c) => c.type !== "relay" && !(c.port !== null && c.port >= RELAY_MIN_PORT && c.port <= RELAY_MAX_PORT),
  );
  expect(notRelayed, `remote candidates in getStats ${when}`).toEqual([]);
  expect(new Set(seen.localStats), `local candidates in getStats ${when}`).toEqual(new Set(["relay"]));
}

test("with TURN configured every call is relayed: only relay candidates either side, before and after Answer, and audio flows", async ({
  browser,
}) => {
  test.skip(!HAS_TURN, "coturn's turnserver is not installed (.ci/run installs it)");
  test.setTimeout(90_000);
  const { callerPage, receiverPage, receiver } = await matchedPair(browser, 43);
  const frames = new Map([callerPage, receiverPage].map((page) => [page, framesReceived(page)]));
  const { callerCall, banner } = await ring(callerPage, receiverPage, receiver.username);
  const iceConfig = await (await receiverPage.request.get("/api/calls/ice-servers")).json();
  expect(iceConfig.iceTransportPolicy).toBe("relay");
  expect(iceConfig.iceServers.at(-1).username).toMatch(/^\d+:\d+$/);

  // While it rings the two connect through the relay, with no audio and only relay candidates.
  for (const page of [receiverPage, callerPage]) await expect.poll(() => anyPeerConnected(page)).toBe(true);
  for (const page of [callerPage, receiverPage]) {
    await expectRelayOnly(page, frames.get(page) ?? [], "while it rings");
    expect(await audioTotals(page)).toMatchObject({ packetsSent: 0, bytesReceived: 0 });
  }

  await banner.getByRole("button", { name: "Answer" }).click();
  const receiverCall = new CallPage(receiverPage);
  await expect(receiverCall.state("On Call")).toBeVisible({ timeout: 15_000 });
  await expect(callerCall.state("On Call")).toBeVisible();
  await Promise.all([callerCall.expectAudioArriving(), receiverCall.expectAudioArriving()]);
  expect(await selectedPairTypes(callerCall)).toEqual(["relay", "relay"]);
  expect(await selectedPairTypes(receiverCall)).toEqual(["relay", "relay"]);
  for (const page of [callerPage, receiverPage]) {
    await expectRelayOnly(page, frames.get(page) ?? [], "after Answer");
  }
  await callerCall.button("Hang Up").click();
  await expect(receiverCall.state("Call Ended")).toBeVisible();
});
