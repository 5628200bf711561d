import { TZDate } from "@date-fns/tz";
import { londonWallTimeToInstant } from "@kindred/shared/london-time";
import { scheduledSlotText } from "@kindred/shared/matches";
import { expect, type Page, test } from "@playwright/test";
import { addDays, format } from "date-fns";
import { CallPage } from "./pages/call-page";
import { MatchesPage } from "./pages/matching-matches";
import { expectNoAxeViolations } from "./support/axe";
import { closeContexts, incomingBanner, matchedPair } from "./support/call-flow";

// Issue 27 §1: a scheduled call leads to a call and never blocks one (DECISIONS "Scheduling"). The
// 'Join call' window is by the server's clock, which a test app lets a spec move (PUT
// /api/test/schedule-clock); the pages are reloaded after a move, since a jump of the clock is not
// something a person does (at the real time, each page asks again when the server said it would change).

test.afterEach(closeContexts);

/** A slot tomorrow on the London calendar (always bookable), as the dialog labels it and as shown. */
function tomorrowAt(time: string) {
  const today = TZDate.tz("Europe/London");
  const day = addDays(today, 1);
  const at = londonWallTimeToInstant(format(day, "yyyy-MM-dd"), time) as Date;
  return {
    label: format(day, "EEEE, MMMM d, yyyy"),
    nextMonth: day.getMonth() !== today.getMonth(),
    at,
    text: scheduledSlotText(at.toISOString(), new Date()),
  };
}

async function moveServerClock(page: Page, at: Date | null) {
  const res = await page.request.put("/api/test/schedule-clock", { data: { at: at?.toISOString() ?? null } });
  expect(res.status(), await res.text()).toBe(200);
}

const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

test("a proposed time is answered live, leads to a call in its window, is cancelled for both, and clears once passed", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const {
    callerPage: herPage,
    receiverPage: hisPage,
    caller: her,
    receiver: him,
  } = await matchedPair(browser, 71);
  const hers = new MatchesPage(herPage);
  const his = new MatchesPage(hisPage);
  const herCard = hers.card(him.username);
  const hisCard = his.card(her.username);
  const herSchedule = hers.schedule(him.username);
  const hisSchedule = his.schedule(her.username);
  const callLinks = [herCard, hisCard].map((card) => card.getByRole("link", { name: "Call", exact: true }));
  try {
    await hers.goto();
    await his.goto();
    await expect(hisCard).toBeVisible();

    // She proposes tomorrow at 10:00 AM.
    const first = tomorrowAt("10:00");
    expect(first.text).toMatch(/^Scheduled: (Mon|Tue|Wed|Thu|Fri|Sat|Sun) 10:00 AM \(UK time\)$/);
    await hers.openMenu(him.username);
    await herPage.getByRole("menuitem", { name: "Schedule a call" }).click();
    const dialog = herPage.getByRole("dialog", { name: `Schedule a call with ${him.username}` });
    await hers.pickSlot(dialog, first, "10:00 AM", "Schedule Call");
    await expect(dialog).toBeHidden();
    await expect(herSchedule.getByText(first.text, { exact: true })).toBeVisible();
    await expect(herSchedule).toContainText(`Waiting for ${him.username} to accept`);
    await expect(herSchedule.getByRole("button", { name: "Accept" })).toHaveCount(0);

    // He sees the proposal without reloading, beside a Call that works.
    await expect(hisSchedule.getByText(first.text, { exact: true })).toBeVisible();
    await expect(hisSchedule).toContainText(`${her.username} proposed this time`);
    for (const call of callLinks) await expect(call).toHaveAttribute("href", /^\/call\/\d+\?autoStart=true$/);
    await expect(hisPage.getByRole("button", { name: "Scheduled" })).toHaveCount(0);
    await expectNoAxeViolations(hisPage, "a card with a proposal to answer");

    // He proposes another time instead; she sees it live and accepts it; he sees that live.
    const second = tomorrowAt("11:00");
    await hisSchedule.getByRole("button", { name: "Propose another time" }).click();
    const another = hisPage.getByRole("dialog", { name: `Propose another time to ${her.username}` });
    await his.pickSlot(another, second, "11:00 AM", "Propose Time");
    await expect(another).toBeHidden();
    await expect(hisSchedule.getByText(second.text, { exact: true })).toBeVisible();
    await expect(hisSchedule).toContainText(`Waiting for ${her.username} to accept`);
    await expect(herSchedule.getByText(second.text, { exact: true })).toBeVisible();
    await expect(herSchedule).toContainText(`${him.username} proposed this time`);
    await herSchedule.getByRole("button", { name: "Accept" }).click();
    await expect(herSchedule).toContainText("You accepted");
    await expect(hisSchedule).toContainText(`${her.username} accepted`);
    for (const call of callLinks) await expect(call).toBeVisible();
    await expect(herSchedule.getByRole("link", { name: "Join call" })).toHaveCount(0);

    // Five minutes before the slot by the server's clock: both see 'Join call', he on his home page too.
    await moveServerClock(herPage, minutes(second.at, -5));
    await herPage.reload();
    await hisPage.goto("/home");
    const herJoin = herSchedule.getByRole("link", { name: "Join call" });
    await expect(herJoin).toHaveAttribute("href", /^\/call\/\d+\?autoStart=true$/);
    await expect(hisSchedule.getByRole("link", { name: "Join call" })).toBeVisible();
    const hisJoin = hisPage
      .getByRole("region", { name: "Calls to join" })
      .getByRole("link", { name: `Join call with ${her.username}` });
    await expect(hisJoin).toBeVisible();
    for (const call of callLinks) await expect(call).toBeVisible();
    await expectNoAxeViolations(hisPage, "the home page with a call to join");

    // Her 'Join call' rings him; his joins that call.
    await herJoin.click();
    const herCall = new CallPage(herPage);
    await expect(herCall.state("Calling...")).toBeVisible();
    await expect(incomingBanner(hisPage)).toBeVisible();
    await hisJoin.click();
    const hisCall = new CallPage(hisPage);
    await expect(hisPage).toHaveURL(/\/call\/\d+\?autoStart=true$/);
    await hisCall.button("Answer").click();
    await expect(hisCall.state("On Call")).toBeVisible();
    await expect(herCall.state("On Call")).toBeVisible();
    await herCall.button("Hang Up").click();
    await expect(herCall.state("Call Ended")).toBeVisible();

    // He cancels; it is gone for both (the call was before the slot by the real clock: it stayed).
    await hers.goto();
    await his.goto();
    await expect(hisSchedule).toBeVisible();
    await hisSchedule.getByRole("button", { name: `Cancel the call with ${her.username}` }).click();
    await expect(hisSchedule).toBeHidden();
    await expect(herSchedule).toBeHidden();
    for (const call of callLinks) await expect(call).toBeVisible();

    // A slot that passes 30 minutes with no call clears itself: once the server reads her matches it is
    // gone, and his card hears so without a reload.
    const third = tomorrowAt("12:00");
    await hers.openMenu(him.username);
    await herPage.getByRole("menuitem", { name: "Schedule a call" }).click();
    await hers.pickSlot(dialog, third, "12:00 PM", "Schedule Call");
    await expect(hisSchedule.getByText(third.text, { exact: true })).toBeVisible();
    await moveServerClock(herPage, minutes(third.at, 31));
    await herPage.reload();
    await expect(herCard).toBeVisible();
    await expect(herSchedule).toBeHidden();
    await expect(hisSchedule).toBeHidden();
  } finally {
    await moveServerClock(herPage, null);
  }
});
