import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { ConversationPage } from "./pages/conversation-page";
import { expectNoAxeViolations } from "./support/axe";
import { closeContexts, matchedPair, ring, untilCallCounts } from "./support/call-flow";
import { untilInteractive } from "./support/interactive";

// The server runs with CALL_TIME_SCALE=0.05 (playwright.config.ts): a call counts after 3 s. Chat
// unlocks the real way, after two counted calls.

test.afterEach(closeContexts);

const SHOTS = process.env.CHAT_SCREENSHOTS;

async function screenshot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/**
 * The caller rings, the receiver answers, and the call ends once it has counted. What unlocks chat is
 * the server's count (answered, then 3 s), so this waits on that, not on the audio: the calls specs
 * prove the audio, and a 15 s test call that connects slowly on a busy machine is no chat failure.
 */
async function countedCall(callerPage: Page, receiverPage: Page, receiverName: string): Promise<number> {
  const { banner } = await ring(callerPage, receiverPage, receiverName);
  const matchId = Number(/\/call\/(\d+)/.exec(callerPage.url())?.[1]);
  await banner.getByRole("button", { name: "Answer" }).click();
  await untilCallCounts(callerPage, matchId);
  // Hang Up, as the caller's page sends it.
  const call = await (await callerPage.request.get(`/api/calls/match/${matchId}/active`)).json();
  const ended = await callerPage.request.patch(`/api/calls/${call.id}`, { data: { status: "completed" } });
  expect(ended.status(), await ended.text()).toBe(200);
  await expect(callerPage).toHaveURL(/\/matches$/);
  return matchId;
}

/**
 * How far the log is scrolled from its top, and whether its content is taller than it is. The log is a
 * reversed column (it starts at its end): its own scrollTop is 0 at the end and negative above.
 */
function scrollOf(log: Locator) {
  return log.evaluate((el) => ({
    top: el.scrollHeight - el.clientHeight + el.scrollTop,
    overflows: el.scrollHeight > el.clientHeight,
  }));
}

/** A log longer than the screen is a tab stop of its own, the keys scroll it, and axe passes. */
async function expectScrollableLog(conversation: ConversationPage, what: string) {
  const { page, thread: log } = conversation;
  expect((await scrollOf(log)).overflows, what).toBe(true);
  // Just before the message box in the tab order. (Chromium makes a scroller a tab stop by itself;
  // Safari does not, which axe's scrollable-region-focusable catches.)
  await untilInteractive(page);
  await conversation.input.focus();
  await page.keyboard.press("Shift+Tab");
  await expect(log).toBeFocused();
  await page.keyboard.press("End");
  await expect.poll(async () => (await scrollOf(log)).top, what).toBeGreaterThan(0);
  const atEnd = (await scrollOf(log)).top;
  await page.keyboard.press("PageUp");
  await expect.poll(async () => (await scrollOf(log)).top, what).toBeLessThan(atEnd);
  await page.keyboard.press("Home");
  await expect.poll(async () => (await scrollOf(log)).top, what).toBeLessThan(1);
  await page.keyboard.press("End");
  await expect.poll(async () => (await scrollOf(log)).top, what).toBeGreaterThanOrEqual(atEnd);

  await expectNoAxeViolations(page, what);
  // axe's rule for a scrollable region really looked at the log (it skips what does not scroll).
  const { passes } = await new AxeBuilder({ page }).withRules(["scrollable-region-focusable"]).analyze();
  const checked = passes.flatMap((rule) => rule.nodes.map((node) => node.html));
  expect(
    checked.some((html) => html.includes('role="log"')),
    what,
  ).toBe(true);
}

async function matchOf(page: Page, matchId: number) {
  return (await page.request.get(`/api/matches/${matchId}`)).json();
}

test("two people chat live both ways, with unread badges, 'Seen', private notes, and sends that survive an outage", async ({
  browser,
}) => {
  test.setTimeout(240_000); // two counted calls, the chat, and axe on the overflowing log twice
  const { callerPage: her, receiverPage: him, caller: she, receiver: he } = await matchedPair(browser, 51);
  await countedCall(her, him, he.username);
  const matchId = await countedCall(her, him, he.username);
  await expect.poll(async () => (await matchOf(her, matchId)).isChatUnlocked).toBe(true);

  // He waits on his chat list; the chat is there, nothing unread yet.
  const hisShell = new AppShell(him);
  await him.goto("/chats");
  const herRow = him.getByRole("link", { name: new RegExp(`^Chat with ${she.username}`) });
  await expect(herRow).toContainText("No messages yet");
  await expect(hisShell.header.getByRole("link", { name: "Chats", exact: true })).toBeVisible();

  // She opens the conversation: header, empty state, and a send button that waits for text.
  const hers = new ConversationPage(her);
  await hers.goto(matchId);
  await expect(her.getByRole("heading", { level: 1, name: he.username })).toBeVisible();
  await expect(her.getByText("Calls completed: 2 of 3")).toBeVisible();
  await expect(her.getByRole("link", { name: "Call", exact: true })).toHaveAttribute(
    "href",
    `/call/${matchId}?autoStart=true`,
  );
  await expect(hers.thread.getByText("No messages yet")).toBeVisible();
  await expect(hers.thread.getByText(`Send your first message to ${he.username}`)).toBeVisible();
  await expect(hers.sendButton).toBeDisabled();
  await hers.input.fill("   ");
  await expect(hers.sendButton).toBeDisabled();
  // Near the 2,000-character limit a counter shows; a paste the limit cut says so.
  await hers.input.fill("a".repeat(1_850));
  await expect(her.getByText("1,850 / 2,000")).toBeVisible();
  await her.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await her.evaluate((text) => navigator.clipboard.writeText(text), "b".repeat(2_500));
  await hers.input.fill("");
  await hers.input.press("ControlOrMeta+V");
  await expect(her.getByText("Your paste was cut to fit the 2,000 character limit.")).toBeVisible();
  await expect(hers.input).toHaveValue("b".repeat(2_000));
  await hers.input.fill("");
  await expect(her.getByText(/character limit|\/ 2,000/)).toHaveCount(0);

  await hers.send("Hello from her");
  await expect(hers.sendButton).toBeDisabled();
  await expect(hers.bubble("Hello from her").getByText(/^\d{1,2}:\d\d [AP]M$/)).toBeVisible();

  // Without a reload he sees the unread count in the header, on the row and under 'Unread'.
  await expect(hisShell.header.getByRole("link", { name: "Chats, 1 unread" })).toBeVisible();
  await expect(him.getByRole("link", { name: `Chat with ${she.username}, 1 unread` })).toContainText(
    "Hello from her",
  );
  await expect(herRow.locator("time")).toHaveText("less than a minute ago");
  await screenshot(him, "chats");
  await him.getByRole("tab", { name: /Unread/ }).click();
  await expect(him.getByRole("tabpanel").getByRole("link", { name: /^Chat with / })).toHaveCount(1);
  // On a phone the tab bar carries the same count.
  await him.setViewportSize({ width: 390, height: 844 });
  await expect(hisShell.bottomNav.getByRole("link", { name: "Chats, 1 unread" })).toBeVisible();
  await screenshot(him, "chats-phone");
  await him.setViewportSize({ width: 1280, height: 800 });

  // He opens it: the message is there, his count clears, and she sees 'Seen' under hers.
  await herRow.click();
  const his = new ConversationPage(him);
  await expect(his.bubble("Hello from her")).toBeVisible();
  await expect(hisShell.header.getByRole("link", { name: "Chats", exact: true })).toBeVisible();
  await expect(hers.bubble("Hello from her").getByText("Seen")).toBeVisible();

  // His reply reaches her open conversation without a reload, on the left.
  await his.send("Hi, lovely to hear from you");
  await expect(hers.bubble("Hi, lovely to hear from you")).toBeVisible();
  await expect(his.bubble("Hi, lovely to hear from you")).toHaveCSS("align-items", "flex-end");
  await expect(hers.bubble("Hi, lovely to hear from you")).toHaveCSS("align-items", "flex-start");
  await screenshot(her, "conversation");

  // Private notes: hers to add, edit and delete; he never sees them, in the dialog or from the API.
  const notes = await hers.openNotes();
  await expect(notes.getByText("No notes yet")).toBeVisible();
  await expect(notes.getByRole("button", { name: "Save Note" })).toBeDisabled();
  await expect(notes.getByRole("textbox", { name: "New note" })).toHaveAttribute(
    "placeholder",
    "Add a new note...",
  );
  await hers.addNote("Loves the sea. Ask about Aberdeen.");
  await expect(hers.note("Loves the sea.")).toBeVisible();
  await hers.addNote("Second call went well");
  await expect(notes.getByRole("listitem", { name: "Note" }).first()).toContainText("Second call went well");
  await hers.note("Loves the sea.").getByRole("button", { name: "Edit note" }).click();
  await notes.getByRole("textbox", { name: "Edit note" }).fill("Loves the sea and long walks.");
  await notes.getByRole("button", { name: "Save", exact: true }).click();
  await expect(hers.note("Loves the sea and long walks.")).toContainText("Edited");
  await screenshot(her, "notes");
  await hers.note("Second call went well").getByRole("button", { name: "Delete note" }).click();
  await notes.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(hers.note("Second call went well")).toHaveCount(0);
  expect(await (await her.request.get(`/api/matches/${matchId}/notes`)).json()).toHaveLength(1);
  await her.keyboard.press("Escape");

  const hisNotes = await his.openNotes();
  await expect(hisNotes.getByText("No notes yet")).toBeVisible();
  await his.page.keyboard.press("Escape");
  const hisApi = await him.request.get(`/api/matches/${matchId}/notes`);
  expect(hisApi.status()).toBe(200);
  expect(await hisApi.json()).toEqual([]);

  // An outage: her sends never leave. The message shows as sending, is retried, and lands once it can.
  let attempts = 0;
  await her.route("**/api/matches/*/messages", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    attempts += 1;
    return route.abort("internetdisconnected");
  });
  await hers.send("Sent through an outage");
  await expect(hers.bubble("Sent through an outage").getByText("Sending…")).toBeVisible();
  await expect.poll(() => attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
  await screenshot(her, "sending");
  // A reload mid-outage keeps it: the queue is in session storage, with its clientId.
  await her.reload();
  await expect(hers.bubble("Sent through an outage").getByText("Sending…")).toBeVisible();
  await her.unroute("**/api/matches/*/messages");
  await expect(hers.bubble("Sent through an outage").getByText("Sending…")).toHaveCount(0, {
    timeout: 15_000,
  });
  await expect(his.bubble("Sent through an outage")).toBeVisible();

  // The answer lost on its way back: the server has the message although her send "failed".
  let lost = 0;
  await her.route("**/api/matches/*/messages", async (route) => {
    if (route.request().method() !== "POST" || lost > 0) return route.continue();
    lost += 1;
    await route.fetch();
    // The page may have given up on this attempt itself meanwhile (its timeout): lost either way.
    await route.abort("internetdisconnected").catch(() => {});
  });
  await hers.send("Answer lost on the way");
  await expect(his.bubble("Answer lost on the way")).toBeVisible();
  await expect(hers.bubble("Answer lost on the way").getByText("Sending…")).toHaveCount(0, {
    timeout: 15_000,
  });
  await her.unroute("**/api/matches/*/messages");

  // Each once, never twice: on both screens (after a reload too) and on the server.
  await his.page.reload();
  for (const text of ["Sent through an outage", "Answer lost on the way"]) {
    await expect(his.bubble(text)).toHaveCount(1);
    await expect(hers.bubble(text)).toHaveCount(1);
  }
  const stored = await (await him.request.get(`/api/matches/${matchId}/messages?after=0&limit=200`)).json();
  const contents = stored.messages.map((m: { content: string }) => m.content);
  expect(contents.filter((c: string) => c === "Sent through an outage")).toHaveLength(1);
  expect(contents.filter((c: string) => c === "Answer lost on the way")).toHaveLength(1);

  // Pushes lost in silence (his socket is open but hears nothing): the 5 s poll still brings hers.
  let silenced = 0;
  await him.routeWebSocket(/\/ws$/, () => {
    silenced += 1;
  });
  await him.reload();
  await expect.poll(() => silenced).toBeGreaterThan(0);
  await expect(his.bubble("Answer lost on the way")).toBeVisible();
  await hers.send("Heard by polling");
  await expect(his.bubble("Heard by polling")).toBeVisible();

  // A refusal (past 30 messages a minute) shows the server's sentence on the bubble, and can be dropped.
  for (let i = 0; i < 30; i++) {
    await her.request.post(`/api/matches/${matchId}/messages`, {
      data: { content: `burst ${i}`, clientId: crypto.randomUUID() },
    });
  }
  await hers.send("One too many");
  const refused = hers.bubble("One too many");
  await expect(refused.getByRole("alert")).toContainText(/quickly/);
  await her.setViewportSize({ width: 390, height: 844 });
  await screenshot(her, "refused-phone");
  await refused.getByRole("button", { name: "Discard" }).click();
  await expect(hers.bubble("One too many")).toHaveCount(0);

  // Thirty-odd messages overflow the log: it scrolls by keyboard and passes axe, on a phone and a desktop.
  await expectScrollableLog(hers, "an overflowing conversation on a phone");
  await her.setViewportSize({ width: 1280, height: 800 });
  await expectScrollableLog(hers, "an overflowing conversation on a desktop");
});

test("a locked chat says why and offers to schedule; a stranger's conversation is not there", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { callerPage: her, receiverPage: him, receiver: he } = await matchedPair(browser, 52);
  const [match] = await (await her.request.get("/api/matches")).json();
  const hers = new ConversationPage(her);

  await hers.goto(match.id);
  await expect(her.getByRole("heading", { name: "Chat is Locked" })).toBeVisible();
  await expect(
    her.getByText(`Complete an audio call with ${he.username} to unlock the chat feature.`),
  ).toBeVisible();
  await expect(her.getByText("No calls yet")).toBeVisible();
  await screenshot(her, "locked");
  await expect(hers.input).toHaveCount(0);
  await her.getByRole("button", { name: "Schedule a Call" }).click();
  await expect(her.getByRole("dialog", { name: `Schedule a call with ${he.username}` })).toBeVisible();
  await her.keyboard.press("Escape");

  const locked = await her.request.get(`/api/matches/${match.id}/messages`);
  expect(locked.status()).toBe(403);
  expect((await locked.json()).message).toBe("Chat will unlock after your second audio call.");

  // Her chat list has nothing yet and points her to her matches.
  await her.goto("/chats");
  await expect(her.getByText("No chats yet")).toBeVisible();
  await expect(her.getByRole("link", { name: "Go to Matches" })).toHaveAttribute("href", "/matches");

  // After one counted call the sentence changes; the chat opens only after the second.
  await countedCall(her, him, he.username);
  await hers.goto(match.id);
  await expect(
    her.getByText(`Chat will unlock after your audio call with ${he.username} is completed.`),
  ).toBeVisible();
  await expect(her.getByText("Calls completed: 1 of 3")).toBeVisible();

  await hers.goto(2_000_000_000);
  await expect(her.getByRole("heading", { name: "No Conversation Selected" })).toBeVisible();
  await expect(her.getByRole("link", { name: "Discover Matches" })).toHaveAttribute("href", "/matches");
  await hers.goto("not-a-number");
  await expect(her.getByRole("heading", { name: "No Conversation Selected" })).toBeVisible();
});
