import { expect, type Page, test } from "@playwright/test";
import { DevSocketConsole } from "./pages/dev-sockets";
import { registerViaApi } from "./support/users";

/** Registers a new member (signing the browser in) and returns their id. */
async function signIn(page: Page): Promise<number> {
  await registerViaApi(page.request);
  const res = await page.request.get("/api/user");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

const NOT_YOUR_ROOM = "You can't join that room: it isn't one of your calls, or the call has ended.";
const NOT_YOUR_CALL = "That call isn't one of yours, or its match has ended.";

test.describe("signed in", () => {
  test("/socket-test connects to /ws, registers, pings and refuses what it must not send", async ({
    page,
  }) => {
    const userId = await signIn(page);
    const ws = new DevSocketConsole(page);
    await page.goto("/socket-test");
    await expect(page).toHaveTitle(/^Socket Test · /);
    await expect(ws.state("disconnected")).toBeVisible();

    await ws.button("Register").click();
    await expect(ws.notice).toHaveText("WebSocket is not connected");

    await ws.connect();
    await ws.button("Register").click();
    await expect(ws.frames("sent", "register")).toContainText(`"userId":${userId}`);
    await expect(ws.frames("received", "registered")).toContainText(
      `{"type":"registered","userId":${userId}}`,
    );
    await expect(ws.notice).toHaveCount(0);

    await ws.button("Ping").click();
    await expect(ws.frames("received", "pong")).toHaveCount(1);
    await expect(page.getByText(/^Round trip: \d+ ms$/)).toBeVisible();
    await expect(ws.log.getByRole("listitem").last().locator("time")).toHaveText(/^\d\d:\d\d:\d\d\.\d{3}$/);

    await ws.button("Send").click();
    await expect(ws.notice).toHaveText("Message cannot be empty");

    await ws.message.fill(JSON.stringify({ type: "ping", pad: "x".repeat(17_000) }));
    await ws.button("Send").click();
    await expect(ws.notice).toHaveText("Message not sent: it is 17,024 bytes, over the 16,384-byte limit");
    await expect(ws.frames("sent", "ping")).toHaveCount(1);

    // A message the server does not know is answered with a sentence, and the socket stays open.
    await ws.message.fill('{"type":"dance"}');
    await ws.button("Send").click();
    await expect(ws.errorSentence('Unknown message type "dance".')).toBeVisible();
    await expect(ws.state("connected")).toBeVisible();

    await ws.button("Clear").click();
    await expect(ws.log.getByRole("listitem")).toHaveCount(0);
    await ws.button("Disconnect").click();
    await expect(ws.state("disconnected")).toBeVisible();
    await expect(ws.log.getByText("Closed (code 1000: Closed by tester)")).toBeVisible();
  });

  test("/rtc-test gets a session, is refused a room and a call that are not the member's", async ({
    page,
  }) => {
    const userId = await signIn(page);
    const rtc = new DevSocketConsole(page);
    await page.goto("/rtc-test");
    await expect(page).toHaveTitle(/^RTC Test · /);

    await rtc.connect();
    await expect(rtc.frames("received", "session_created")).toHaveCount(1);
    await rtc.button("Register").click();
    await expect(rtc.frames("received", "registered")).toContainText(`"userId":${userId}`);

    await expect(page.getByLabel("Room id")).toHaveValue("call-1");
    await rtc.button("Join room").click();
    await expect(rtc.frames("sent", "join_room")).toContainText(
      '{"type":"join_room","roomId":"call-1","data":{"callId":1}}',
    );
    await expect(rtc.errorSentence(NOT_YOUR_ROOM)).toBeVisible();

    await rtc.button("Offer").click();
    await expect(rtc.frames("sent", "offer")).toContainText('"sdp":{"type":"offer","sdp":"v=0');
    await expect(rtc.errorSentence("Join the room before sending offer.")).toBeVisible();

    await rtc.chooseMatchId("1");
    await rtc.chooseMatchId("32");
    await expect(page.getByLabel("Call id")).toHaveValue("1");
    await rtc.button("call-initiate").click();
    await expect(rtc.frames("sent", "call:status")).toContainText(
      '{"type":"call:status","matchId":32,"callId":1,"status":"pending"}',
    );
    await expect(rtc.errorSentence(NOT_YOUR_CALL)).toBeVisible();

    await page.getByLabel("Target user id").fill("abc");
    await rtc.button("ICE candidate").click();
    await expect(rtc.notice).toHaveText("Target user id must be a whole number from 1 to 2,147,483,647");
  });

  test("/simple-rtc-test and /rtc-test-old are working /rtc consoles", async ({ page }) => {
    const userId = await signIn(page);
    const rtc = new DevSocketConsole(page);

    await page.goto("/simple-rtc-test");
    await expect(page).toHaveTitle(/^Simple RTC Test · /);
    await expect(rtc.button("call-initiate")).toHaveCount(0);
    await rtc.connect();
    await rtc.button("Ping").click();
    await expect(rtc.frames("received", "pong")).toHaveCount(1);
    await rtc.button("Leave room").click();
    await expect(rtc.errorSentence("You are not in that room.")).toBeVisible();

    await page.goto("/rtc-test-old");
    await expect(page).toHaveTitle(/^RTC Test \(Old\) · /);
    await rtc.connect();
    await rtc.button("Register").click();
    await expect(rtc.frames("received", "registered")).toContainText(`"userId":${userId}`);
    await rtc.button("call-initiate").click();
    await expect(rtc.errorSentence(NOT_YOUR_CALL)).toBeVisible();
  });

  test("/ws-diagnostics shows the page's own socket connected, its round trip and page views", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/home");
    // Client-side navigation keeps this tab's page views, which a reload would forget.
    await page.getByRole("contentinfo").getByRole("link", { name: "Connection Diagnostics" }).click();
    await expect(page).toHaveURL(/\/ws-diagnostics$/);
    await expect(page).toHaveTitle(/^Connection Diagnostics · /);

    await expect(page.getByText("State: connected", { exact: true })).toBeVisible();
    const states = page.getByRole("list", { name: "Connection states" });
    await expect(states.getByRole("listitem")).toHaveCount(5);
    await expect(states.locator('[aria-current="step"]')).toContainText("connected");
    await expect(page.getByText(/^Round trip: \d+ ms$/)).toBeVisible();
    await page.getByRole("button", { name: "Measure again" }).click();
    await expect(page.getByText(/^Round trip: \d+ ms$/)).toBeVisible();
    await expect(page.getByText("Reconnects: 0")).toBeVisible();

    const views = page.getByRole("table");
    await expect(views.getByRole("row")).toHaveCount(2);
    await expect(views.getByRole("row").nth(1)).toContainText("home");
  });

  test("/simple-ws-test connects to /basic-ws and registers", async ({ page }) => {
    const userId = await signIn(page);
    const ws = new DevSocketConsole(page);
    await page.goto("/simple-ws-test");
    await expect(page).toHaveTitle(/^WebSocket Test · /);
    await ws.connect();
    await expect(ws.log.getByText(new RegExp(`/basic-ws\\?t=\\d+&uid=${userId}$`))).toBeVisible();
    await ws.button("Register").click();
    await expect(ws.frames("received", "registered")).toContainText(`"userId":${userId}`);
  });
});

test.describe("signed out", () => {
  test("/simple-ws-test asks a visitor to sign in instead of opening a socket", async ({ page }) => {
    await page.goto("/simple-ws-test");
    await expect(page.getByRole("heading", { level: 1, name: "WebSocket Test" })).toBeVisible();
    await expect(
      page.getByText("Sign in to connect: the test socket only opens for a signed-in member."),
    ).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/auth?tab=login",
    );
    await expect(page.getByRole("button", { name: "Connect" })).toHaveCount(0);
  });

  test("/ws-diagnostics asks a visitor to sign in and still lists page views", async ({ page }) => {
    await page.goto("/ws-diagnostics");
    await expect(page.getByRole("heading", { level: 1, name: "Connection Diagnostics" })).toBeVisible();
    await expect(
      page.getByText("Sign in to connect: the online-status socket only opens for a signed-in member."),
    ).toBeVisible();
    await expect(page.getByText(/^State: /)).toHaveCount(0);
    await expect(page.getByText("No page views yet")).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/auth\?tab=login$/);
  });
});
