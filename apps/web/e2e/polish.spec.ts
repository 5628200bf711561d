import { expect, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { AuthPage } from "./pages/auth-page";
import { MatchesPage } from "./pages/matching-matches";
import { onboard } from "./pages/matching-people";
import { OnboardingWizard } from "./pages/onboarding-wizard";
import { closeContexts, newPage } from "./support/call-flow";
import { registerViaApi } from "./support/users";

// Issue 27 §8: smaller things people meet on every visit.

test.afterEach(closeContexts);

test("a visitor's 404 page has the visitor's header; a member's has the app's", async ({ page }) => {
  await page.goto("/nope");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await expect(page.getByRole("navigation", { name: "Sections" })).toBeAttached();
  await expect(page.getByRole("link", { name: "Sign Up" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Bottom navigation" })).toHaveCount(0);

  await registerViaApi(page.request);
  await page.goto("/nope");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Sections" })).toHaveCount(0);
});

test("after an in-app navigation focus is on the new page's heading", async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto("/matches");
  await expect(page.getByRole("heading", { level: 1, name: "Your Matches" })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /^Chats/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Chats" })).toBeFocused();
  // The next Tab goes on from the page's heading, not from the header link that was pressed.
  await page.keyboard.press("Tab");
  const inHeader = await page.evaluate(() =>
    document.querySelector("header")?.contains(document.activeElement),
  );
  expect(inHeader).toBe(false);
});

test("password fields can be shown and hidden", async ({ page }) => {
  await new AuthPage(page).goto("login");
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("secret-enough");
  await expect(password).toHaveAttribute("type", "password");
  const toggle = page.getByRole("button", { name: "Show password" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(password).toHaveAttribute("type", "text");
  await expect(password).toHaveValue("secret-enough");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await toggle.click();
  await expect(password).toHaveAttribute("type", "password");
});

test("on a phone the wizard's card stays put when Next is refused", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerViaApi(page.request);
  const wizard = new OnboardingWizard(page);
  await page.goto("/home");
  await wizard.getStarted();
  await wizard.expectStep(2);
  await wizard.next();
  await wizard.expectOpened(3, /.+/);
  const before = await wizard.title.boundingBox();
  await wizard.next();
  await expect(wizard.error).toBeVisible();
  await wizard.expectStep(3);
  const after = await wizard.title.boundingBox();
  expect(after?.x).toBe(before?.x);
  const scrolled = await page.evaluate(() => document.querySelector("main section")?.scrollLeft ?? 0);
  expect(scrolled).toBe(0);
});

test("on a phone a toast shows at the bottom, above the tab bar", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerViaApi(page.request);
  const wizard = new OnboardingWizard(page);
  await page.goto("/home");
  await wizard.getStarted();
  await wizard.expectStep(2);
  await wizard.saveAndExitButton.click();
  const toast = new AppShell(page).toast("Progress saved");
  await expect(toast).toBeVisible();
  const tabBar = await page.getByRole("navigation", { name: "Bottom navigation" }).boundingBox();
  const box = await toast.boundingBox();
  expect(tabBar && box && box.y + box.height <= tabBar.y).toBe(true);
  expect(box && box.y > 844 / 2).toBe(true);
});

test("'Pause my profile' keeps new matches away until resumed", async ({ page }) => {
  await onboard(page, "woman", "pz", 77);
  const shell = new AppShell(page);
  await page.goto("/settings");
  const pause = page.getByRole("switch", { name: "Pause my profile" });
  await expect(pause).toHaveAttribute("aria-checked", "false");
  await pause.click();
  await expect(pause).toHaveAttribute("aria-checked", "true");
  await page.reload();
  await expect(pause).toHaveAttribute("aria-checked", "true");

  await page.goto("/matches");
  await page.getByRole("button", { name: "Find New Matches" }).click();
  await expect(shell.toast("Error Finding Matches")).toBeVisible();
  const sentence = "Your profile is paused. Resume it in Settings to find new matches.";
  await expect(page.getByText(sentence, { exact: true })).toBeVisible();

  await page.goto("/settings");
  await pause.click();
  await expect(pause).toHaveAttribute("aria-checked", "false");
  await page.goto("/matches");
  await page.getByRole("button", { name: "Find New Matches" }).click();
  await expect(shell.toast("No New Matches")).toBeVisible();
  await expect(shell.toast("Error Finding Matches")).toHaveCount(0);
});

test("a new match reaches the other person live, and a block takes the card off their open page", async ({
  browser,
}) => {
  const finderPage = await newPage(browser);
  const foundPage = await newPage(browser);
  const finder = await onboard(finderPage, "woman", "nm", 78);
  await onboard(foundPage, "man", "nm", 78);
  const matches = new MatchesPage(foundPage);
  // The news is pushed to the sockets open when it happens: wait until this page's is registered.
  const registered = new Promise<void>((resolve) => {
    foundPage.on("websocket", (ws) => {
      if (!new URL(ws.url()).pathname.endsWith("/ws")) return;
      ws.on("framereceived", ({ payload }) => {
        if (String(payload).includes('"registered"')) resolve();
      });
    });
  });
  await matches.goto();
  await registered;
  await expect(matches.card(finder.username)).toHaveCount(0);

  const res = await finderPage.request.post("/api/generate-matches");
  expect(res.status()).toBe(200);
  const [match] = (await res.json()).newMatches;
  await expect(new AppShell(foundPage).toast(`New match: ${finder.username}`)).toBeVisible();
  await expect(matches.card(finder.username)).toBeVisible();
  // Why they matched, from what both answered alike.
  await expect(matches.card(finder.username)).toContainText(/You both value \S/);

  const blocked = await finderPage.request.post(`/api/matches/${match.id}/block`, {
    data: { reason: "Spam or scam" },
  });
  expect(blocked.status()).toBe(200);
  await expect(matches.card(finder.username)).toHaveCount(0);
});
