import { expect, test, type WebSocketRoute } from "@playwright/test";
import { MatchesPage } from "./pages/matching-matches";
import { onboard } from "./pages/matching-people";

test("a match's green dot lights when they open Kindred and goes out when they close it, without a reload", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // He signs up in his own browser, then closes the tab: offline.
  const hisContext = await browser.newContext();
  const hisFirstTab = await hisContext.newPage();
  const him = await onboard(hisFirstTab, "man", "pm", 33);
  await hisFirstTab.close();

  const her = await onboard(page, "woman", "pw", 33);
  const generated = await page.request.post("/api/generate-matches");
  expect(generated.status()).toBe(200);
  const mine = new MatchesPage(page);
  await mine.goto();
  const card = mine.card(him.username);
  await expect(card).toBeVisible();
  await expect(card.getByText("Online now")).toHaveCount(0);

  // He opens the app: her card lights up, pushed over her socket.
  const hisTab = await hisContext.newPage();
  await hisTab.goto("/home");
  await expect(hisTab.getByRole("heading", { name: `Welcome, ${him.username}` })).toBeVisible();
  await expect(card.getByText("Online now")).toBeAttached();
  await expect(card.getByTitle("Online now")).toBeVisible();

  // His view of her: she is online too.
  await hisTab.goto("/matches");
  await expect(new MatchesPage(hisTab).card(her.username).getByTitle("Online now")).toBeVisible();

  // He closes the tab: the dot goes out, still without a reload.
  await hisTab.close();
  await expect(card.getByText("Online now")).toHaveCount(0);
  // And a fresh fetch agrees.
  const list = await page.request.get("/api/matches");
  expect((await list.json())[0].otherUser.online).toBe(false);
  await hisContext.close();
});

test("a stranger's page never learns anyone's presence", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const strangerContext = await browser.newContext();
  const strangerTab = await strangerContext.newPage();
  // An age nobody else in the suite has: the stranger is matched with nobody, whatever runs beside.
  await onboard(strangerTab, "man", "ps", 38);
  // His status socket goes through the test: it records what the server sends him, and can ask the
  // server for a pong of its own, which comes after anything the server sent him before.
  const MARKER = -1;
  const isMarker = (frame: string) => {
    const { type, timestamp } = JSON.parse(frame) as { type?: string; timestamp?: number };
    return type === "pong" && timestamp === MARKER;
  };
  const frames: string[] = [];
  let toServer: WebSocketRoute | undefined;
  await strangerTab.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    toServer = server;
    server.onMessage((frame) => {
      frames.push(String(frame));
      if (!isMarker(String(frame))) ws.send(frame);
    });
  });
  await strangerTab.goto("/matches");
  await expect.poll(() => frames.some((f) => f.includes('"registered"'))).toBe(true);

  // Someone else comes online on the same server. Her "registered" is sent once her presence has been
  // announced to her matches (Presence.heard), so whatever that told anyone is on its way by then.
  await onboard(page, "woman", "pv", 35);
  const herRegistered = new Promise<void>((registered) => {
    page.on("websocket", (ws) => {
      if (!/\/ws$/.test(ws.url())) return;
      ws.on("framereceived", (f) => {
        if (String(f.payload).includes('"registered"')) registered();
      });
    });
  });
  await page.goto("/home");
  await herRegistered;
  toServer?.send(JSON.stringify({ type: "ping", timestamp: MARKER }));
  await expect.poll(() => frames.some(isMarker)).toBe(true);
  expect(frames.filter((f) => f.includes('"presence"'))).toEqual([]);
  await strangerContext.close();
});
