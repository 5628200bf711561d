import { expect, test } from "@playwright/test";
import { CallPage } from "./pages/call-page";
import { closeContexts, matchedPair, ring } from "./support/call-flow";
import { HAS_TURN, RELAY_BASE_URL } from "./support/servers";

// The second app of playwright.config.ts: ICE_TRANSPORT_POLICY=relay, TURN through Debian's coturn on
// loopback with short-lived REST credentials. A call there can only connect through the relay.
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

test("a call with relay forced connects through the TURN relay, and audio flows both ways", async ({
  browser,
}) => {
  test.skip(!HAS_TURN, "coturn's turnserver is not installed (.ci/run installs it)");
  test.setTimeout(90_000);
  const { callerPage, receiverPage, receiver } = await matchedPair(browser, 43);
  const { callerCall, banner } = await ring(callerPage, receiverPage, receiver.username);
  const iceConfig = await (await receiverPage.request.get("/api/calls/ice-servers")).json();
  expect(iceConfig.iceTransportPolicy).toBe("relay");
  expect(iceConfig.iceServers.at(-1).username).toMatch(/^\d+:\d+$/);

  await banner.getByRole("button", { name: "Answer" }).click();
  const receiverCall = new CallPage(receiverPage);
  await expect(receiverCall.state("On Call")).toBeVisible({ timeout: 15_000 });
  await expect(callerCall.state("On Call")).toBeVisible();
  await Promise.all([callerCall.expectAudioArriving(), receiverCall.expectAudioArriving()]);
  expect(await selectedPairTypes(callerCall)).toEqual(["relay", "relay"]);
  expect(await selectedPairTypes(receiverCall)).toEqual(["relay", "relay"]);
  await callerCall.button("Hang Up").click();
  await expect(receiverCall.state("Call Ended")).toBeVisible();
});
