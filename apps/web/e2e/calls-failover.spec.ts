import { expect, type Page, test } from "@playwright/test";
import { CallPage, expectCountsTo, mmSsSeconds } from "./pages/call-page";
import { type AppProcess, freshDataDir, startApp } from "./support/app-process";
import { closeContexts, matchedPair, ring } from "./support/call-flow";
import { failoverFront } from "./support/failover-front";
import { framesReceived } from "./support/peers";
import { FAILOVER_FRONT_PORT, FAILOVER_PORTS } from "./support/servers";
import { throwawayBackends } from "./support/shared-backends";

// Issue 26: one of two instances dies mid-call. Two app processes on the machine's PostgreSQL and
// Redis (a database and key prefix of this spec's own), behind a failover front as a balancer would
// be; the pages reach the first while it lives. It is SIGKILLed mid-call: every socket of both pages
// comes back through the front to the survivor and rejoins the room, the audio (peer to peer) goes on,
// the deadline stays, and the survivor's clock ends the call on time.

/** A first call of 30 s: long enough to come back and look around before its deadline. */
const ENV = { CALL_TIME_SCALE: "0.1", CALL_SWEEP_MS: "200", SHUTDOWN_DRAIN_MS: "0" };

let backends: Awaited<ReturnType<typeof throwawayBackends>> | null = null;
let apps: AppProcess[] = [];
let front: Awaited<ReturnType<typeof failoverFront>> | null = null;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  try {
    backends = await throwawayBackends("failover");
  } catch (error) {
    // CI has both services and says so (.ci/run): there, a missing one fails the run.
    if (process.env.E2E_REQUIRE_SHARED_BACKENDS) throw error;
    test.skip(true, `skipped: ${String(error)}`);
    return;
  }
  const env = { ...backends.env, ...ENV };
  // Started together on an empty database, as a deploy would: the migrations take turns (a lock).
  apps = await Promise.all(FAILOVER_PORTS.map((port) => startApp(port, freshDataDir(port), env)));
  front = await failoverFront([...FAILOVER_PORTS], FAILOVER_FRONT_PORT);
});

test.afterEach(closeContexts);
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads a hook's fixtures from this pattern.
test.afterEach(({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  for (const app of apps) console.log(`${app.url} printed, at the end:\n${app.output().slice(-4_000)}`);
});

test.afterAll(async () => {
  await front?.close();
  await Promise.all(apps.map((app) => app.kill()));
  await backends?.drop();
  for (const port of FAILOVER_PORTS) freshDataDir(port);
});

/** Frames of `type` a page received on its sockets at `path`, counted as they come. */
function counter(page: Page, path: "/rtc" | "/ws", type: string) {
  const frames = framesReceived(page, path);
  return () => frames.filter(({ frame }) => frame.type === type).length;
}

test("an instance killed mid-call: both pages carry on through the other, and its clock ends the call on time", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  if (!front) throw new Error("no front");
  const [first, second] = FAILOVER_PORTS;
  const { callerPage, receiverPage, receiver } = await matchedPair(browser, 44, { baseURL: front.url });
  const pages = [callerPage, receiverPage];
  const roomJoins = pages.map((page) => counter(page, "/rtc", "room_joined"));
  const registrations = pages.map((page) => counter(page, "/ws", "registered"));
  const peerLeft = pages.map((page) => counter(page, "/rtc", "participant_left"));

  const { callerCall, banner, matchId } = await ring(callerPage, receiverPage, receiver.username);
  await banner.getByRole("button", { name: "Answer" }).click();
  const receiverCall = new CallPage(receiverPage);
  const calls = [callerCall, receiverCall];
  await Promise.all(calls.map((call) => expect(call.state("On Call")).toBeVisible()));
  await Promise.all(calls.map((call) => call.expectAudioArriving()));
  const live = await (await callerPage.request.get(`/api/calls/match/${matchId}/active`)).json();
  expect(live.status).toBe("active");
  // Everything so far went to the first instance: it holds every socket of both pages.
  expect(front.acceptedBy(second)).toBe(0);
  expect(front.acceptedBy(first)).toBeGreaterThan(0);
  const joinsBefore = roomJoins.map((count) => count());
  const registeredBefore = registrations.map((count) => count());

  const killedAt = Date.now();
  await apps[0]?.kill();
  // Each page's call socket and status socket come back, through the front to the survivor.
  for (const [i, count] of roomJoins.entries()) {
    await expect
      .poll(count, { timeout: 20_000, message: "the /rtc socket rejoins the room" })
      .toBeGreaterThan(joinsBefore[i] ?? 0);
  }
  const rejoinedMs = Date.now() - killedAt;
  for (const [i, count] of registrations.entries()) {
    await expect
      .poll(count, { timeout: 20_000, message: "the status socket registers again" })
      .toBeGreaterThan(registeredBefore[i] ?? 0);
  }
  console.log(
    `failover: SIGKILL → both pages back in the room on the survivor ${rejoinedMs} ms, status sockets ${Date.now() - killedAt} ms`,
  );
  expect(front.acceptedBy(second)).toBeGreaterThan(0);
  await Promise.all(calls.map((call) => expect(call.state("On Call")).toBeVisible()));
  await Promise.all(calls.map((call) => call.expectAudioArriving()));

  const now = await (await callerPage.request.get(`/api/calls/${live.id}`)).json();
  expect(now).toMatchObject({ status: "active", deadline: live.deadline });
  await Promise.all(calls.map((call) => expectCountsTo(call.timeRemaining, live.deadline)));

  // Near the end, long after the survivor took over the dead instance's room places (its heartbeat
  // lapses after 6 s), the call is still on and its audio still flowing.
  await expect
    .poll(async () => mmSsSeconds(await callerCall.timeRemaining.textContent()), { timeout: 40_000 })
    .toBeLessThanOrEqual(8);
  await Promise.all(calls.map((call) => expect(call.state("On Call")).toBeVisible()));
  await Promise.all(calls.map((call) => call.expectAudioArriving()));
  console.log(
    `failover: participant_left frames seen by caller, receiver: ${peerLeft.map((c) => c()).join(", ")}`,
  );

  // The survivor's sweep ends it at its deadline, for both.
  const untilDeadlineMs = Date.parse(live.deadline) - Date.now();
  await Promise.all(
    calls.map((call) => expect(call.state("Call Ended")).toBeVisible({ timeout: untilDeadlineMs + 5_000 })),
  );
  const ended = await (await callerPage.request.get(`/api/calls/${live.id}`)).json();
  expect(ended).toMatchObject({ status: "completed", endTime: live.deadline, duration: live.lengthSeconds });
  // The survivor logged no error along the way (LOG_LEVEL is warn: anything at error or above).
  expect(apps[1]?.output() ?? "").not.toMatch(/"level":(50|60)/);
});
