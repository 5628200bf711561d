import { expect, test } from "@playwright/test";
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
  await onboard(strangerTab, "man", "ps", 34);
  const frames: string[] = [];
  strangerTab.on("websocket", (ws) => ws.on("framereceived", (f) => frames.push(String(f.payload))));
  await strangerTab.goto("/matches");
  // Someone else comes online on the same server; the stranger is matched with nobody.
  await onboard(page, "woman", "pv", 35);
  await page.goto("/home");
  await strangerTab.waitForTimeout(1_000);
  expect(frames.some((f) => f.includes('"presence"'))).toBe(false);
  expect(frames.some((f) => f.includes('"registered"'))).toBe(true);
  await strangerContext.close();
});
