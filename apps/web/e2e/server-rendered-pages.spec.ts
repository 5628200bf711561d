import { expect, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { MatchesPage } from "./pages/matching-matches";
import { onboard } from "./pages/matching-people";
import { registerViaApi } from "./support/users";

// A signed-in page opened from the address bar comes from the server with its content and data
// (apps/web/src/server-render.tsx): readable before its script runs, then hydrated by it.

test("a signed-in page is readable before its script runs, and is that person's alone", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const user = await registerViaApi(context.request);
  const page = await context.newPage();
  const response = await page.goto("/home");
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  expect(response?.headers().vary).toContain("cookie");
  // A new member's /home is the wizard's first step, with their name, as the script would show it.
  await expect(page.getByText("Step 1 of 18", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: `Welcome, ${user.username}!` })).toBeVisible();
  await expect(page).toHaveTitle(/Kindred/);
  // Not usable until the script has taken it over: a tap would be lost.
  await expect(page.locator("#root")).toHaveAttribute("inert", "");
  // The scripts of the parts it shows are named for the boot script to preload (the wizard's among them).
  const partScripts = JSON.parse((await page.locator("#kindred-part-scripts").textContent()) ?? "[]");
  expect(partScripts).toContainEqual(expect.stringMatching(/^\/assets\/onboarding-wizard-[\w-]+\.js$/));

  // Without the session, the same address is the app's empty page, which sends a visitor to sign in.
  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const blank = await visitor.newPage();
  await blank.goto("/home");
  await expect(blank.locator("#root")).toBeEmpty();
  await Promise.all([context.close(), visitor.close()]);
});

test("a signed-in page hydrates without a mismatch in the browser's time zone, and works", async ({
  browser,
}) => {
  // A zone far from the server's: its times would differ if the server rendered them in its own.
  const context = await browser.newContext({ timezoneId: "Pacific/Chatham" });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  const me = await onboard(page, "woman", "sr", 75);
  const other = await context.browser()?.newContext();
  if (!other) throw new Error("no browser");
  const theirs = await other.newPage();
  const match = await onboard(theirs, "man", "sr", 75);
  expect((await page.request.post("/api/generate-matches")).status()).toBe(200);

  for (const path of ["/home", "/matches", "/chats", "/profile"]) {
    await page.goto(path);
    await expect(page.locator("html[data-interactive]")).toBeAttached();
    await expect(page.locator("#root")).not.toHaveAttribute("inert");
  }
  await page.goto("/matches");
  await expect(new MatchesPage(page).heading).toBeVisible();
  const html = await (await page.request.get("/matches")).text();
  // The page's data is what the API gives this person: their match's username, never their email.
  expect(html).toContain(match.username);
  expect(html).toContain(me.email);
  expect(html).not.toContain(match.email);
  const shell = new AppShell(page);
  await shell.header.getByRole("link", { name: "Chats" }).click();
  await expect(shell.header.getByRole("link", { name: "Chats" })).toHaveAttribute("aria-current", "page");
  expect(await page.evaluate(() => document.cookie)).toContain("kindred_tz=Pacific%2FChatham");
  expect(errors).toEqual([]);
  await Promise.all([context.close(), other.close()]);
});
