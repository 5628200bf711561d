import { expect, type Page, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { AuthPage } from "./pages/auth-page";
import { ProfilePage } from "./pages/onboarding-profile-page";
import { OnboardingWizard } from "./pages/onboarding-wizard";
import { newUser, registerViaApi } from "./support/users";

// Issue 12 "Flows": what an outside review found clicking through every screen, desktop and phone.

/** Every answer completion needs but the free-time activities (step 11), as PUT /api/profile takes them. */
const ANSWERS_BUT_ACTIVITIES = {
  dateOfBirth: "1990-06-15",
  gender: "Man",
  interestedGenders: ["Women"],
  location: "Leeds",
  bio: "Fell runner who bakes.",
  values: "Honesty and trust",
  conflictResolution: "Seek compromise and middle ground",
  loveLanguage: "Acts of service",
  relationshipPace: "Moderate pace with regular communication",
  dealbreakers: ["Different social needs"],
};

async function saveProgress(page: Page, data: Record<string, unknown>) {
  const res = await page.request.put("/api/profile", { data: { ...data, onboardingCompleted: false } });
  expect(res.status(), await res.text()).toBe(200);
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test.describe("on a phone", () => {
  // Reduced motion: scrolls are instant, so a tap never races the page's own smooth scroll (html has
  // scroll-behavior: smooth). What is tested, where each step opens and what has focus, is the same.
  test.use({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    reducedMotion: "reduce",
  });

  test("each wizard step opens at its top, heading focused; Back goes to the previous step", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await registerViaApi(page.request);
    await saveProgress(page, { ...ANSWERS_BUT_ACTIVITIES, questionnaireStep: 11 });
    const wizard = new OnboardingWizard(page);
    await page.goto("/home");
    await wizard.expectStep(11, "How do you spend your free time?");

    // Answer, then Next from where a thumb leaves it: the button at the top of the screen, the step's
    // heading scrolled away above.
    await wizard.checkbox("Sports and fitness").click();
    const nextButton = page.getByRole("button", { name: "Next", exact: true });
    await nextButton.evaluate((button) => button.scrollIntoView({ block: "start" }));
    await expect(wizard.title).not.toBeInViewport();
    await nextButton.click();
    await wizard.expectStep(12, "What do you value most?");
    await expect(wizard.title).toBeInViewport({ ratio: 1 });
    await expect(wizard.title).toBeFocused();

    // The browser's Back is the wizard's previous step, the answer still there; Forward comes back.
    await page.goBack();
    await wizard.expectStep(11, "How do you spend your free time?");
    await expect(wizard.checkbox("Sports and fitness")).toBeChecked();
    await expect(page).toHaveURL(/\/home$/);
    await page.goForward();
    await wizard.expectStep(12, "What do you value most?");

    for (const step of [12, 13, 14, 15, 16, 17]) {
      await wizard.expectStep(step);
      await expect(wizard.title).toBeFocused();
      await nextButton.evaluate((button) => button.scrollIntoView({ block: "start" }));
      await nextButton.click();
    }
    await wizard.expectStep(18, "Profile Complete!");
    await expect(wizard.title).toBeInViewport({ ratio: 1 });
    await expect(wizard.title).toBeFocused();

    // The dashboard after completion opens at its top.
    // Get Started from the foot of the page.
    // Polled: the footer, which makes the page that tall, waits until the page has loaded.
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        return scrollY(page);
      })
      .toBeGreaterThan(200);
    await page.getByRole("button", { name: "Get Started", exact: true }).click();
    await expect(page.getByRole("heading", { name: "You're all set!" })).toBeFocused();
    const welcome = page.getByRole("heading", { name: /^Welcome, / });
    await expect(welcome).toBeVisible();
    await expect(welcome).toBeInViewport();
    expect(await scrollY(page)).toBe(0);
  });

  test("toasts do not cover the header", async ({ page }) => {
    const user = await registerViaApi(page.request);
    await page.context().clearCookies();
    await new AuthPage(page).goto("login");
    await new AuthPage(page).signIn(user.username, user.password);
    const shell = new AppShell(page);
    const toast = shell.toast("Welcome back!");
    await expect(toast).toBeVisible();
    const header = await shell.header.boundingBox();
    const box = await shell.notifications.locator("li").first().boundingBox();
    expect(header && box).toBeTruthy();
    if (header && box) expect(box.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
  });
});

test("the username step asks for 3 characters, and a message goes once the answer is valid", async ({
  page,
}) => {
  await registerViaApi(page.request);
  await saveProgress(page, { questionnaireStep: 2 });
  const wizard = new OnboardingWizard(page);
  const username = page.getByRole("textbox", { name: "Username" });
  await page.goto("/home");
  await wizard.expectStep(2, "Choose your username");

  await username.fill("a");
  await wizard.expectNextRefused(2, "Username must be at least 3 characters");
  await expect(page.getByText("at least 2 characters")).toHaveCount(0);
  await username.fill("ab");
  await expect(wizard.error).toHaveText("Username must be at least 3 characters");
  // Three characters, its own: a fixed name would be taken on a second run against the same server.
  await username.fill(`a${Math.random().toString(36).slice(2, 4).padEnd(2, "0")}`);
  await expect(wizard.error).toHaveCount(0);
  await expect(username).not.toHaveAttribute("aria-invalid", "true");

  // A choice step: the message goes with the first choice.
  await wizard.next();
  await wizard.expectStep(3);
  await saveProgress(page, { ...ANSWERS_BUT_ACTIVITIES, questionnaireStep: 11 });
  // A new visit (a reload would keep this history entry's step, 3).
  await page.goto("/matches");
  await page.goto("/home");
  await wizard.expectNextRefused(11, "Please select at least one activity");
  await wizard.checkbox("Sports and fitness").click();
  await expect(wizard.error).toHaveCount(0);
});

test("the avatar moves on 0.5 s after the click, its save running behind", async ({ page }) => {
  await registerViaApi(page.request);
  await saveProgress(page, { questionnaireStep: 4 });
  // The avatar's save is held until the wizard has moved on: the wizard must not wait for it.
  let releaseSave = () => {};
  const saveHeld = new Promise<void>((resolve) => {
    releaseSave = resolve;
  });
  let saveArrived = false;
  await page.route("**/api/profile", async (route) => {
    if (route.request().method() === "PUT" && route.request().postDataJSON()?.avatar) {
      saveArrived = true;
      await saveHeld;
    }
    await route.continue();
  });
  const wizard = new OnboardingWizard(page);
  await page.goto("/home");
  await wizard.expectStep(4);
  const clicked = Date.now();
  await page
    .getByRole("dialog", { name: "Choose your avatar" })
    .getByRole("button", { name: "panda" })
    .click();
  await expect(page.getByText("Step 5 of 18", { exact: true })).toBeVisible();
  expect(Date.now() - clicked).toBeGreaterThanOrEqual(450);
  // The save went out with the step and is still held: the wizard did not wait for it.
  await expect.poll(() => saveArrived).toBe(true);
  await expect(page.getByText("Step 5 of 18", { exact: true })).toBeVisible();
  releaseSave();
  await expect
    .poll(async () => (await (await page.request.get("/api/user")).json()).avatar, { timeout: 10_000 })
    .toBe("🐼");
});

test("a failed avatar save is reported and the choice is kept, then saved with the next step", async ({
  page,
}) => {
  await registerViaApi(page.request);
  await saveProgress(page, { questionnaireStep: 4 });
  let failNext = true;
  await page.route("**/api/profile", async (route) => {
    if (failNext && route.request().method() === "PUT" && route.request().postDataJSON()?.avatar) {
      failNext = false;
      return route.fulfill({ status: 500, body: "" });
    }
    await route.continue();
  });
  const wizard = new OnboardingWizard(page);
  const shell = new AppShell(page);
  await page.goto("/home");
  await wizard.expectStep(4);
  await page
    .getByRole("dialog", { name: "Choose your avatar" })
    .getByRole("button", { name: "panda" })
    .click();
  await wizard.expectStep(5, "How do you identify?");
  await expect(shell.toast("Update failed")).toBeVisible();
  // An empty 500: SPEC §8's fallback, never the status line.
  await expect(shell.toast("Unable to update profile")).toBeVisible();

  await wizard.radio("Woman").click();
  const sent = page.waitForRequest((r) => r.method() === "PUT" && r.url().endsWith("/api/profile"));
  await wizard.next();
  expect((await sent).postDataJSON()).toMatchObject({ avatar: "🐼", gender: "Woman" });
  await wizard.expectStep(6);
  const user = await (await page.request.get("/api/user")).json();
  expect(user).toMatchObject({ avatar: "🐼", gender: "Woman" });
});

test("'Complete Profile' and a refused 'Find New Matches' open the wizard at the saved step", async ({
  page,
}) => {
  await registerViaApi(page.request);
  await saveProgress(page, { ...ANSWERS_BUT_ACTIVITIES, questionnaireStep: 11 });
  const wizard = new OnboardingWizard(page);
  const shell = new AppShell(page);
  await page.goto("/home");
  await wizard.expectStep(11);
  await wizard.saveAndExitButton.click();
  await expect(shell.toast("Progress saved")).toBeVisible();

  await page.getByRole("button", { name: "Complete Profile" }).click();
  await wizard.expectStep(11, "How do you spend your free time?");
  await wizard.saveAndExitButton.click();

  // The server refuses an incomplete profile: its reason, and the way into the wizard.
  await page.goto("/matches");
  await page.getByRole("button", { name: "Find New Matches" }).click();
  const reason = page.getByRole("alert").filter({ hasText: "Complete your profile before finding matches." });
  await expect(reason).toBeVisible();
  await expect(shell.toast("Error Finding Matches")).toBeVisible();
  await reason.getByRole("link", { name: "Complete your profile" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await wizard.expectStep(11, "How do you spend your free time?");
});

test("a plan change is confirmed first, then says what changed and that nothing was paid", async ({
  page,
}) => {
  await registerViaApi(page.request);
  const profile = new ProfilePage(page);
  const shell = new AppShell(page);
  await profile.goto("/profile/subscription");
  await expect(profile.plan("Free")).toContainText("Current Plan");

  await profile.plan("Premium").getByRole("button", { name: "Choose Premium" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Switch to Premium?" });
  await expect(confirm).toContainText("£9.99/month");
  await expect(confirm).toContainText("No payment is taken yet");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(profile.plan("Free")).toContainText("Current Plan");
  expect((await (await page.request.get("/api/user")).json()).profileType).toBe("basic");

  await profile.plan("Premium").getByRole("button", { name: "Choose Premium" }).click();
  await confirm.getByRole("button", { name: "Switch to Premium" }).click();
  await expect(shell.toast("You're on Premium now")).toBeVisible();
  await expect(shell.notifications.getByText(/^No payment is taken yet/)).toBeVisible();
  await expect(profile.plan("Premium")).toContainText("Current Plan");
  expect((await (await page.request.get("/api/user")).json()).profileType).toBe("premium");
});

test("sign-in and registration messages go as soon as the field is valid", async ({ page }) => {
  const auth = new AuthPage(page);
  await auth.goto("register");
  await page.getByRole("button", { name: "Create Account" }).click();
  const usernameRule = page.getByText("Username must be at least 3 characters");
  const emailRule = page.getByText("Invalid email format");
  await expect(usernameRule).toBeVisible();
  await expect(emailRule).toBeVisible();
  await page.getByLabel("Username").fill("abc");
  await expect(usernameRule).toHaveCount(0);
  await expect(emailRule).toBeVisible();
  await page.getByLabel("Email").fill(newUser().email);
  await expect(emailRule).toHaveCount(0);

  await auth.signInTab.click();
  await page.getByRole("button", { name: "Sign In" }).click();
  const passwordRule = page.getByText("Password must be at least 6 characters");
  await expect(passwordRule).toBeVisible();
  await page.getByLabel("Password").fill("secret-enough");
  await expect(passwordRule).toHaveCount(0);
});
