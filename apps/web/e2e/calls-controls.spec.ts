import { expect, test } from "@playwright/test";
import { CallBar, CallPage, expectCountsTo } from "./pages/call-page";
import { MatchesPage } from "./pages/matching-matches";
import { type AppProcess, freshDataDir, startApp } from "./support/app-process";
import { closeContexts, matchedPair, ring } from "./support/call-flow";
import { audioTotals } from "./support/peers";
import { OWN_APP_PORT } from "./support/servers";

// Issue 26: the call lives at the app root (a bar on every other page keeps it), the other side sees
// a mute, and an unmatch ends the call for both at once.

test.afterEach(closeContexts);

// The bar's test does a dozen things on call, which a busy machine can stretch past the shared app's
// 15 s first call: its app gives a first call 90 s, as long as the test may run, so it never ends first.
let longCalls: AppProcess | null = null;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  longCalls = await startApp(OWN_APP_PORT, freshDataDir(OWN_APP_PORT), { CALL_TIME_SCALE: "0.3" });
});

test.afterAll(async () => {
  await longCalls?.stop();
  freshDataDir(OWN_APP_PORT);
});

interface LiveCall {
  id: number;
  status: string;
  deadline: string;
}

test("a mute is seen on the other side; leaving the call page keeps the call in a bar, and it comes back", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { callerPage, receiverPage, caller, receiver } = await matchedPair(browser, 56, {
    baseURL: longCalls?.url,
  });
  const { callerCall, banner, matchId } = await ring(callerPage, receiverPage, receiver.username);
  await banner.getByRole("button", { name: "Answer" }).click();
  const receiverCall = new CallPage(receiverPage);
  await expect(callerCall.state("On Call")).toBeVisible();
  await expect(receiverCall.state("On Call")).toBeVisible();
  const live = (await (
    await callerPage.request.get(`/api/calls/match/${matchId}/active`)
  ).json()) as LiveCall;
  expect(live.status).toBe("active");

  // Mute on the call page: the other side is told, and told again when it is undone.
  const mute = callerCall.button("Mute");
  await mute.click();
  await expect(mute).toHaveAttribute("aria-pressed", "true");
  await expect(receiverCall.peerMuted(caller.username)).toBeVisible();
  await mute.click();
  await expect(mute).toHaveAttribute("aria-pressed", "false");
  await expect(receiverCall.peerMuted(caller.username)).toHaveCount(0);

  // Away from the call page, inside the app: the call goes on, in the bar.
  await callerPage.getByRole("link", { name: "← Back to Matches" }).click();
  await expect(new MatchesPage(callerPage).heading).toBeVisible();
  const bar = new CallBar(callerPage);
  await expect(bar.region).toBeVisible();
  await expect(bar.region).toContainText(receiver.username);
  await expectCountsTo(bar.timeRemaining, live.deadline);
  await Promise.all([callerCall.expectAudioArriving(), receiverCall.expectAudioArriving()]);
  await expect(receiverCall.state("On Call")).toBeVisible();
  // The bar's mute is the call's mute.
  await bar.mute.click();
  await expect(bar.mute).toHaveAttribute("aria-pressed", "true");
  await expect(receiverCall.peerMuted(caller.username)).toBeVisible();
  await bar.mute.click();
  await expect(bar.mute).toHaveAttribute("aria-pressed", "false");
  await expect(receiverCall.peerMuted(caller.username)).toHaveCount(0);

  // Back to the call: the same call, the same deadline, the audio still flowing; no bar on its own page.
  await bar.returnLink.click();
  await expect(callerPage).toHaveURL(new RegExp(`/call/${matchId}(\\?.*)?$`));
  await expect(callerCall.state("On Call")).toBeVisible();
  await expect(bar.region).toHaveCount(0);
  await expectCountsTo(callerCall.timeRemaining, live.deadline);
  await Promise.all([callerCall.expectAudioArriving(), receiverCall.expectAudioArriving()]);
  const now = (await (await callerPage.request.get(`/api/calls/${live.id}`)).json()) as LiveCall;
  expect(now).toMatchObject({ status: "active", deadline: live.deadline });

  // Hang Up from the bar ends it for both.
  await callerPage.getByRole("link", { name: "← Back to Matches" }).click();
  await expect(bar.region).toBeVisible();
  await bar.hangUp.click();
  await expect(bar.region).toHaveCount(0);
  await expect(receiverCall.state("Call Ended")).toBeVisible();
});

test("unmatching mid-call ends the call on both pages", async ({ browser }) => {
  test.setTimeout(90_000);
  const { callerPage, receiverPage, receiver } = await matchedPair(browser, 57);
  // Unmatching is a Premium and Elite feature.
  expect(
    (await callerPage.request.post("/api/subscription", { data: { profileType: "premium" } })).status(),
  ).toBe(200);
  const { callerCall, banner, matchId } = await ring(callerPage, receiverPage, receiver.username);
  await banner.getByRole("button", { name: "Answer" }).click();
  const receiverCall = new CallPage(receiverPage);
  await expect(callerCall.state("On Call")).toBeVisible();
  await expect(receiverCall.state("On Call")).toBeVisible();
  await Promise.all([callerCall.expectAudioArriving(), receiverCall.expectAudioArriving()]);

  const unmatch = await callerPage.request.post(`/api/matches/${matchId}/unmatch`);
  expect(unmatch.status(), await unmatch.text()).toBe(200);
  await Promise.all([
    expect(callerCall.state("Call Ended")).toBeVisible(),
    expect(receiverCall.state("Call Ended")).toBeVisible(),
  ]);
  // Ended, not left hanging: both pages let go of their connections (the call, like the match, is
  // no longer the caller's to read).
  for (const page of [callerPage, receiverPage]) {
    await expect.poll(async () => (await audioTotals(page)).open).toBe(0);
  }
  expect((await receiverPage.request.get(`/api/calls/match/${matchId}/active`)).status()).toBe(404);
});
