/// <reference path="../../server/src/test/http-ece.d.ts" />
import { TZDate } from "@date-fns/tz";
import { londonWallTimeToInstant } from "@kindred/shared/london-time";
import type { PushPayload } from "@kindred/shared/notifications";
import { expect, type Page, test } from "@playwright/test";
import { addDays, format } from "date-fns";
import {
  makeSubscription,
  type PushEndpoint,
  startPushEndpoint,
} from "../../server/src/test/push-endpoint.ts";
import { CallPage } from "./pages/call-page";
import { MatchesPage } from "./pages/matching-matches";
import { closeContexts, matchedPair } from "./support/call-flow";
import { PUSH_ENDPOINT_PORTS } from "./support/servers";

// Issue 28's flows, server to push service: the app sends real Web Push (VAPID, aes128gcm) to an HTTPS
// endpoint on loopback that decrypts what arrives. A call rings out to a person with no Kindred page
// open, so it queues with the call specs (playwright.config.ts CALL_SPECS: push-flows).

test.afterEach(closeContexts);

let endpoint: PushEndpoint;
test.beforeAll(async () => {
  endpoint = await startPushEndpoint({ port: PUSH_ENDPOINT_PORTS[2] });
});
test.afterAll(() => endpoint?.close());

/** Subscribes the page's person with keys this test owns; returns how to read what reaches them. */
async function subscribe(page: Page) {
  const sub = makeSubscription(endpoint.origin);
  const res = await page.request.post("/api/push/subscriptions", { data: sub.subscription });
  expect(res.status(), await res.text()).toBe(201);
  /** The n-th push to arrive (1-based), decrypted, with its headers. */
  const nth = async (n: number) => {
    const got = (await endpoint.waitFor(sub.path, n))[n - 1];
    if (!got) throw new Error(`no push ${n}`);
    return { ...got, payload: JSON.parse(sub.decrypt(got.body)) as PushPayload };
  };
  return { nth };
}

async function moveScheduleClock(page: Page, at: Date | null) {
  const res = await page.request.put("/api/test/schedule-clock", { data: { at: at?.toISOString() ?? null } });
  expect(res.status(), await res.text()).toBe(200);
}

test("a call to someone with no page open reaches their push service at once, and unanswered the same tag says 'Missed call'", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { callerPage, receiverPage, caller, receiver } = await matchedPair(browser, 68);
  const pushes = await subscribe(receiverPage);
  // They close Kindred: no page of theirs is open.
  await receiverPage.goto("about:blank");

  const matches = new MatchesPage(callerPage);
  const callerCall = new CallPage(callerPage);
  await matches.goto();
  await matches.card(receiver.username).getByRole("link", { name: "Call", exact: true }).click();
  await expect(callerCall.state(`${receiver.username} isn't online right now.`)).toBeVisible();
  const clickedAt = Date.now();
  await callerCall.button("Call anyway").click();
  const ring = await pushes.nth(1);
  console.log(`push: 'Call anyway' click → push at the endpoint ${Date.now() - clickedAt} ms`);
  await expect(callerCall.state("Calling...")).toBeVisible();
  const matchId = Number(/\/call\/(\d+)/.exec(callerPage.url())?.[1]);
  const callId = (await (await callerPage.request.get(`/api/calls/match/${matchId}/active`)).json()).id;

  expect(ring.payload).toEqual({
    kind: "call",
    title: `${caller.username} is calling`,
    tag: `call-${callId}`,
    url: `/call/${matchId}`,
    callId,
    matchId,
    ringUntil: expect.any(Number),
  });
  expect(ring).toMatchObject({
    urgency: "high",
    topic: `call-${callId}`,
    encoding: "aes128gcm",
    vapidValid: true,
  });
  // Alive only while it rings (45 s), never queued for later.
  expect(ring.ttl).toBeGreaterThan(0);
  expect(ring.ttl).toBeLessThanOrEqual(45);

  // Nobody answers; the caller gives up. The same tag and topic now say it was missed.
  await callerCall.button("Cancel Call").click();
  const missed = await pushes.nth(2);
  expect(missed.payload).toMatchObject({
    kind: "missed",
    title: `Missed call from ${caller.username}`,
    tag: `call-${callId}`,
  });
  expect(missed).toMatchObject({ topic: `call-${callId}`, vapidValid: true });
  expect(missed.ttl).toBeGreaterThan(45);
});

test("an accepted slot reminds both people 10 minutes before and at its time (the server's test clock)", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const {
    callerPage: herPage,
    receiverPage: hisPage,
    caller: her,
    receiver: him,
  } = await matchedPair(browser, 66);
  const hers = await subscribe(herPage);
  const his = await subscribe(hisPage);
  const matchId = (await (await herPage.request.get("/api/matches")).json())[0].id as number;

  // Tomorrow at 10:00 AM, London time: she proposes, he accepts.
  const day = format(addDays(TZDate.tz("Europe/London"), 1), "yyyy-MM-dd");
  const at = londonWallTimeToInstant(day, "10:00") as Date;
  const proposed = await herPage.request.post(`/api/matches/${matchId}/schedule`, {
    data: { date: day, time: "10:00" },
  });
  expect(proposed.status(), await proposed.text()).toBe(200);
  const accepted = await hisPage.request.post(`/api/matches/${matchId}/schedule/accept`, {
    data: { at: at.toISOString() },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);

  try {
    // Ten minutes before the slot, by the server's clock: both are reminded.
    await moveScheduleClock(herPage, new Date(at.getTime() - 10 * 60_000));
    const [toHer, toHim] = await Promise.all([hers.nth(1), his.nth(1)]);
    expect(toHer.payload).toMatchObject({
      kind: "reminder",
      title: `Your call with ${him.username} starts in 10 minutes`,
      tag: `sched-${matchId}`,
      matchId,
    });
    expect(toHim.payload.title).toBe(`Your call with ${her.username} starts in 10 minutes`);
    expect(toHer).toMatchObject({ urgency: "normal", topic: `sched-${matchId}`, vapidValid: true });

    // At the slot: 'is starting', urgent, opening the call.
    await moveScheduleClock(herPage, at);
    const [startingHer, startingHim] = await Promise.all([hers.nth(2), his.nth(2)]);
    expect(startingHer.payload).toMatchObject({
      title: `Your call with ${him.username} is starting`,
      url: expect.stringMatching(new RegExp(`^/call/${matchId}`)),
    });
    expect(startingHim.payload.title).toBe(`Your call with ${her.username} is starting`);
    expect(startingHer.urgency).toBe("high");
  } finally {
    await moveScheduleClock(herPage, null);
  }
});
