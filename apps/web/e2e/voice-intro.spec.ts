import { VOICE_PROMPT } from "@kindred/shared/voice";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { closeContexts, matchedPair, newPage } from "./support/call-flow";
import { registerViaApi } from "./support/users";

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures it passes from this pattern.
test.afterEach(async ({}, testInfo) => closeContexts({}, testInfo));

/** The audio element's length once loaded, and whether it then plays to its end. */
async function playsToTheEnd(audio: Locator, play: Locator): Promise<number> {
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState)).toBeGreaterThanOrEqual(1);
  const duration = await audio.evaluate((el: HTMLAudioElement) => el.duration);
  await audio.evaluate((el: HTMLAudioElement) => {
    el.dataset.ended = "no";
    el.addEventListener("ended", () => {
      el.dataset.ended = "yes";
    });
  });
  await play.click();
  await expect(audio).toHaveAttribute("data-ended", "yes", { timeout: 40_000 });
  return duration;
}

async function recordAndSave(page: Page) {
  await page.goto("/profile");
  const card = page.getByRole("region", { name: "Voice intro" });
  await expect(card.getByText(VOICE_PROMPT)).toBeVisible();
  await card.getByRole("button", { name: "Record" }).click();
  await expect(card.getByRole("meter", { name: "Microphone level" })).toBeVisible();
  // Three seconds of the fake microphone's tone, read off the countdown the person sees.
  await expect(card.getByText("0:27 left")).toBeVisible({ timeout: 10_000 });
  await card.getByRole("button", { name: "Stop" }).click();

  // Listen back before saving.
  const preview = card.getByTestId("voice-intro-audio");
  const length = await playsToTheEnd(preview, card.getByRole("button", { name: /^Play/ }));
  expect(length).toBeGreaterThan(1);
  expect(length).toBeLessThan(30);

  await card.getByRole("button", { name: "Save" }).click();
  await expect(card.getByRole("button", { name: "Delete" })).toBeVisible();
  return card;
}

test("a voice intro is recorded, heard by the match before any photo, and hidden from strangers", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { callerPage: herPage, receiverPage: hisPage, caller: her } = await matchedPair(browser, 73);
  await recordAndSave(herPage);

  // Her match hears it on her card, with its waveform and length, to the end.
  await hisPage.goto("/matches");
  const player = hisPage.getByRole("button", { name: `Play ${her.username}'s voice intro` });
  await expect(player).toBeVisible();
  const audio = hisPage.getByTestId("voice-intro-audio");
  const duration = await playsToTheEnd(audio, player);
  expect(duration).toBeGreaterThan(1);
  expect(duration).toBeLessThan(30);

  // And on her profile page.
  await hisPage.goto(`/profile/${her.id}`);
  await expect(hisPage.getByRole("button", { name: `Play ${her.username}'s voice intro` })).toBeVisible();

  // Someone she never matched gets nothing, not even a part of it.
  const strangerPage = await newPage(browser);
  await registerViaApi(strangerPage.request);
  const url = `/api/users/${her.id}/voice`;
  expect((await strangerPage.request.get(url)).status()).toBe(404);
  expect((await strangerPage.request.get(url, { headers: { range: "bytes=0-99" } })).status()).toBe(404);
  expect((await hisPage.request.get(url, { headers: { range: "bytes=0-99" } })).status()).toBe(206);

  // Deleting it takes it off his card too.
  const card = herPage.getByRole("region", { name: "Voice intro" });
  await card.getByRole("button", { name: "Delete" }).click();
  await herPage.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(card.getByRole("button", { name: "Record" })).toBeVisible();
  expect((await hisPage.request.get(url)).status()).toBe(404);
  await hisPage.goto("/matches");
  await expect(hisPage.getByRole("heading", { name: her.username })).toBeVisible();
  await expect(hisPage.getByRole("button", { name: `Play ${her.username}'s voice intro` })).toHaveCount(0);
});
