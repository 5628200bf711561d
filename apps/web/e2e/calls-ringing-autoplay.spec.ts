import { expect, test } from "@playwright/test";
import { CallPage } from "./pages/call-page";
import { MatchesPage } from "./pages/matching-matches";
import { onboard } from "./pages/matching-people";
import { closeAllContexts, closeContexts, incomingBanner, newPage } from "./support/call-flow";
import { CHROMIUM_ARGS } from "./support/servers";

// Issue 27 §2: where the browser refuses to play before a touch (desktop Chrome's autoplay rule), the
// ring is silent, never an error, and sounds at the person's first touch while it still rings.
// Playwright's reads and a trace's snapshots run in the page as a touch would: this page is read
// through CDP only, and traced never.
test.use({ trace: "off" });
test.afterEach(closeContexts);

const poll = { intervals: [200], timeout: 10_000 };

test("a browser that blocks autoplay: the ring is silent, never an error, and sounds at the first touch", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(90_000);
  // Desktop Chrome's own rule (headless Chromium plays anything): sound only after a touch on the page.
  const strict = await playwright.chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [...CHROMIUM_ARGS, "--autoplay-policy=document-user-activation-required"],
  });
  try {
    const callerPage = await newPage(browser);
    const signUpPage = await newPage(strict);
    await onboard(callerPage, "woman", "aw", 83);
    const receiver = await onboard(signUpPage, "man", "am", 83);
    expect((await callerPage.request.post("/api/generate-matches")).status()).toBe(200);
    // A new tab nobody has touched (Chrome keeps a touch across a same-tab navigation). Playwright's own
    // reads count as a touch, so this page is read through CDP, which does not.
    // Counts the plays the browser refused, so the test knows the ring tried and stayed silent.
    await signUpPage.context().addInitScript(() => {
      const play = HTMLMediaElement.prototype.play;
      const counter = window as unknown as { refusedPlays: number };
      counter.refusedPlays = 0;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        return play.call(this).catch((error: unknown) => {
          counter.refusedPlays++;
          throw error;
        });
      };
    });
    const receiverPage = await signUpPage.context().newPage();
    await signUpPage.close();
    const errors: string[] = [];
    receiverPage.on("pageerror", (error) => errors.push(error.message));
    await receiverPage.goto("/home");
    const cdp = await receiverPage.context().newCDPSession(receiverPage);
    const read = async <T>(expression: string): Promise<T> =>
      (await cdp.send("Runtime.evaluate", { expression, returnByValue: true })).result.value as T;
    const ringtone = `document.querySelector('audio[data-tone="ringtone"]')`;
    await expect
      .poll(() => read<boolean>(`!!document.querySelector("h1")?.textContent?.startsWith("Welcome")`), poll)
      .toBe(true);

    const matches = new MatchesPage(callerPage);
    await matches.goto();
    await matches.card(receiver.username).getByRole("link", { name: "Call", exact: true }).click();
    await expect(new CallPage(callerPage).state("Calling...")).toBeVisible();
    await expect
      .poll(() => read<string | null>(`document.activeElement?.textContent ?? null`), poll)
      .toContain("Answer");
    expect(await read<boolean>("navigator.userActivation.hasBeenActive")).toBe(false);
    // Refused by the browser: silent, and the page carries on.
    await expect.poll(() => read<number>("window.refusedPlays"), poll).toBeGreaterThan(0);
    expect(await read<boolean>(`${ringtone}.paused`)).toBe(true);
    // The person touches the page while it rings: now it is heard.
    const box = await read<{ x: number; y: number }>(
      `(() => { const r = document.querySelector("h1").getBoundingClientRect(); return { x: r.x + 5, y: r.y + 5 }; })()`,
    );
    await receiverPage.mouse.click(box.x, box.y);
    await expect
      .poll(() => read<boolean>(`!${ringtone}.paused && ${ringtone}.currentTime > 0`), poll)
      .toBe(true);
    await incomingBanner(receiverPage).getByRole("button", { name: "Decline" }).click();
    await expect.poll(() => read<boolean>(`${ringtone}.paused`), poll).toBe(true);
    expect(errors).toEqual([]);
  } finally {
    await closeAllContexts();
    await strict.close();
  }
});
