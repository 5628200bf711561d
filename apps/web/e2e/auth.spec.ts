import { expect, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { AuthPage } from "./pages/auth-page";
import { LandingPage } from "./pages/landing-page";
import { newUser, registerViaApi } from "./support/users";

test("a new user registers from the landing page, lands on /home and logs out", async ({ page }) => {
  const user = newUser();
  const landing = new LandingPage(page);
  const auth = new AuthPage(page);
  const shell = new AppShell(page);

  await landing.goto();
  await expect(landing.heroHeading).toBeVisible();
  await landing.signUpLink().click();
  await expect(page).toHaveURL(/\/auth\?tab=register$/);
  await expect(auth.registerTab).toHaveAttribute("aria-selected", "true");

  await auth.register(user);

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { name: `Welcome, ${user.username}` })).toBeVisible();
  await expect(shell.toast("Account created")).toBeVisible();
  await expect(shell.toast("Welcome to Kindred! Let's complete your profile.")).toBeVisible();
  await expect(shell.header).toBeVisible();
  await expect(shell.footer).toBeVisible();
  await expect(shell.userMenuButton).toHaveText(user.username.charAt(0).toUpperCase());

  await shell.logout();

  await expect(page).toHaveURL(/\/$/);
  await expect(landing.heroHeading).toBeVisible();
  await expect(shell.toast("Logged out")).toBeVisible();
  // Back to the protected page just left: with the session gone it asks to sign in (SPEC §2).
  await page.goBack();
  await expect(page).toHaveURL(/\/auth$/);
  // The session is gone: a protected page now sends us to sign in.
  await page.goto("/home");
  await expect(page).toHaveURL(/\/auth$/);
});

test("an existing user signs in and is welcomed back", async ({ page, request }) => {
  const user = await registerViaApi(request);
  const auth = new AuthPage(page);
  const shell = new AppShell(page);

  await new LandingPage(page).goto();
  await new LandingPage(page).signInLink().click();
  await expect(page).toHaveURL(/\/auth\?tab=login$/);
  await expect(page.getByText("Find meaningful connections through conversation")).toBeVisible();

  await auth.signIn(user.username, user.password);

  await expect(page).toHaveURL(/\/home$/);
  await expect(shell.toast("Welcome back!")).toBeVisible();
  await expect(shell.toast("You've successfully logged in.")).toBeVisible();
  await expect(page.getByRole("heading", { name: `Welcome, ${user.username}` })).toBeVisible();
});

test("signing in on the sign-in page opened first hands it to the whole app, welcome included", async ({
  page,
  request,
}) => {
  const user = await registerViaApi(request);
  const auth = new AuthPage(page);
  // Opened cold, the page is the pre-rendered one with its own entry, not the whole app's.
  await auth.goto("login");
  await auth.signIn(user.username, user.password);

  await expect(page).toHaveURL(/\/home$/);
  await expect(new AppShell(page).toast("Welcome back!")).toBeVisible();
  await expect(page.getByRole("heading", { name: `Welcome, ${user.username}` })).toBeVisible();
  await expect(new AppShell(page).header).toBeVisible();
});

test("a wrong password shows the server's message without the status code", async ({ page, request }) => {
  const user = await registerViaApi(request);
  const auth = new AuthPage(page);
  const shell = new AppShell(page);

  await auth.goto("login");
  await auth.signIn(user.username, "not-the-password");

  await expect(shell.toast("Login failed")).toBeVisible();
  await expect(shell.toast("Invalid username or password")).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?tab=login$/);
});

test("registration validates fields and shows a taken username on its field", async ({ page, request }) => {
  const existing = await registerViaApi(request);
  const auth = new AuthPage(page);
  await auth.goto("register");

  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Username must be at least 3 characters")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await expect(page.getByText("Invalid email format")).toBeVisible();
  // The first wrong field has focus; once the submit has shown the messages, each goes as its field is put right.
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.locator("#register-password").fill("long-enough-1");
  await expect(page.getByText("Password must be at least 6 characters")).toHaveCount(0);
  await expect(page.getByText("Invalid email format")).toBeVisible();

  await auth.register({ ...newUser(), username: existing.username });
  await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("That username is already taken", { exact: false }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?tab=register$/);
});

test("switching tabs keeps ?tab in sync and a server ?error is shown", async ({ page }) => {
  const auth = new AuthPage(page);
  await page.goto("/auth?error=Google%20sign-in%20is%20not%20available");
  await expect(page.getByRole("alert")).toHaveText("Google sign-in is not available");
  await expect(auth.signInTab).toHaveAttribute("aria-selected", "true");

  await auth.registerTab.click();
  await expect(page).toHaveURL(/\/auth\?tab=register$/);
  await expect(page.getByLabel("Full Name")).toBeVisible();
  await auth.signInTab.click();
  await expect(page).toHaveURL(/\/auth\?tab=login$/);

  await page.getByRole("link", { name: "Back to homepage" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("'Or continue with' Google shows only when the server offers it", async ({ page }) => {
  // This server has no Google client id: GET /api/auth/providers says so, and the button stays away.
  const providers = page.waitForResponse("**/api/auth/providers");
  await new AuthPage(page).goto("login");
  expect(await (await providers).json()).toEqual({ google: false });
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect(page.getByText("Or continue with")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Google" })).toHaveCount(0);
});

test("Google sign-in without a configured client comes back with the server's message", async ({ page }) => {
  // A server that claims Google yet cannot start it (misconfigured): the browser still comes back with words.
  await page.route("**/api/auth/providers", (route) => route.fulfill({ json: { google: true } }));
  await new AuthPage(page).goto("login");
  await expect(page.getByText("Or continue with")).toBeVisible();
  await page.getByRole("button", { name: "Google" }).click();
  await expect(page).toHaveURL(/\/auth\?.*error=/);
  await expect(page.getByRole("alert")).toContainText("Google sign-in is not available");
});

test.describe("without script", () => {
  test.use({ javaScriptEnabled: false });

  test("the sign-in page's forms sign in and create an account as plain form posts", async ({
    page,
    context,
    request,
  }) => {
    const user = await registerViaApi(request);
    const auth = new AuthPage(page);
    const session = async () => (await context.cookies()).find((c) => c.name === "kindred_session");

    // A wrong password comes back to its tab, with the server's sentence in the address.
    await auth.goto("login", { interactive: false });
    await auth.signIn(user.username, "not-the-password");
    await expect(page).toHaveURL(/\/auth\?tab=login&error=Invalid\+username\+or\+password$/);
    expect(await session()).toBeUndefined();

    await auth.goto("login", { interactive: false });
    await auth.signIn(user.username, user.password);
    await expect(page).toHaveURL(/\/home$/);
    expect(await session()).toBeDefined();

    await context.clearCookies();
    await auth.goto("register", { interactive: false });
    await auth.register(newUser());
    await expect(page).toHaveURL(/\/home$/);
    expect(await session()).toBeDefined();
  });
});

test("a refusal of a form posted before the script ran is shown on the page", async ({ page }) => {
  await page.goto("/auth?tab=login&error=Invalid+username+or+password");
  await expect(page.getByRole("alert")).toHaveText("Invalid username or password");
  await expect(new AuthPage(page).signInTab).toHaveAttribute("aria-selected", "true");
});
