import { expect, test } from "@playwright/test";
import { CallPage } from "./pages/call-page";
import { closeContexts, matchedPair, ring } from "./support/call-flow";

// Issue 28: Answer on a push notification sends a Kindred window to /call/{matchId}?answer={callId}
// (src/sw/click-action.ts). The page answers that call as the banner's Answer does, then drops the
// param; a link whose call has ended says so and dials nothing.

test.afterEach(closeContexts);

test("the answer link answers the ringing call, drops its param, and dials nothing once the call is over", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { callerPage, receiverPage, receiver } = await matchedPair(browser, 67);
  const { callerCall, matchId } = await ring(callerPage, receiverPage, receiver.username, "/matches");
  const ringing = await (await receiverPage.request.get(`/api/calls/match/${matchId}/active`)).json();
  expect(ringing.status).toBe("pending");

  // What the service worker does with Answer when a Kindred window is open: it navigates it there.
  await receiverPage.goto(`/call/${matchId}?answer=${ringing.id}`);
  const receiverCall = new CallPage(receiverPage);
  await expect(receiverCall.state("On Call")).toBeVisible();
  await expect(callerCall.state("On Call")).toBeVisible();
  await expect(receiverPage).toHaveURL(new RegExp(`/call/${matchId}$`));

  await callerCall.button("Hang Up").click();
  await expect(receiverCall.state("Call Ended")).toBeVisible();

  // The same link again (a notification tapped late): the call is over, and nobody is called back.
  await receiverPage.goto(`/call/${matchId}?answer=${ringing.id}`);
  await expect(receiverPage.getByRole("heading", { name: "This call has already ended." })).toBeVisible();
  await expect(receiverPage).toHaveURL(new RegExp(`/call/${matchId}$`));
  const active = await receiverPage.request.get(`/api/calls/match/${matchId}/active`);
  expect(active.status()).toBe(404);
});
