import { expect, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { AuthPage } from "./pages/auth-page";
import { newUser, registerViaApi } from "./support/users";

test("a logged-out visit to a protected page goes to /auth", async ({ page }) => {
  await page.goto("/matches");
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();
});

test("signing in returns to the page that asked for it", async ({ page, request }) => {
  const user = await registerViaApi(request);
  await page.goto("/profile/subscription?tab=subscription");
  await expect(page).toHaveURL(/\/auth$/);
  await new AuthPage(page).signIn(user.username, user.password);
  await expect(page).toHaveURL(/\/profile\/subscription\?tab=subscription$/);
  await expect(page.getByRole("tab", { name: "Subscription" })).toHaveAttribute("aria-selected", "true");
});

test("registering returns to the page that asked for it, across a change of tab", async ({ page }) => {
  const auth = new AuthPage(page);
  await page.goto("/chats");
  await expect(page).toHaveURL(/\/auth$/);
  await auth.registerTab.click();
  await expect(page).toHaveURL(/\/auth\?tab=register$/);
  await auth.register(newUser());
  await expect(page).toHaveURL(/\/chats$/);
});

test("with no page to return to, signing in goes home", async ({ page, request }) => {
  const user = await registerViaApi(request);
  await new AuthPage(page).goto("login");
  await new AuthPage(page).signIn(user.username, user.password);
  await expect(page).toHaveURL(/\/home$/);
});

test("an unknown path shows the 404 page", async ({ page }) => {
  await page.goto("/nope");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await page.getByRole("link", { name: "Go to homepage" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the socket test pages are public and the footer links to them", async ({ page }) => {
  await page.goto("/");
  const footer = new AppShell(page).footer;
  await footer.getByRole("link", { name: "Connection Diagnostics" }).click();
  await expect(page).toHaveURL(/\/ws-diagnostics$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Connection Diagnostics");
  await footer.getByRole("link", { name: "WebSocket Test" }).click();
  await expect(page).toHaveURL(/\/simple-ws-test$/);
  for (const label of ["About Us", "Safety Center", "Privacy Policy", "Accessibility"]) {
    await expect(footer.getByRole("link", { name: label })).toHaveAttribute("href", "#");
  }
});

test.describe("signed in", () => {
  test.beforeEach(async ({ page }) => {
    await registerViaApi(page.request);
  });

  test("the landing and auth pages send a signed-in user home", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/home$/);
    await page.goto("/auth?tab=login");
    await expect(page).toHaveURL(/\/home$/);
  });

  test("the header's links and avatar menu navigate", async ({ page }) => {
    const shell = new AppShell(page);
    await page.goto("/home");
    await shell.header.getByRole("link", { name: "Matches" }).click();
    await expect(page).toHaveURL(/\/matches$/);
    await expect(shell.header.getByRole("link", { name: "Matches" })).toHaveAttribute("aria-current", "page");
    await shell.userMenuButton.click();
    await page.getByRole("menuitem", { name: "Chats" }).click();
    await expect(page).toHaveURL(/\/chats$/);
    await shell.header.getByRole("button", { name: "Go back" }).click();
    await expect(page).toHaveURL(/\/matches$/);
  });
});

test("each screen opens under its own heading, and only the call page has no footer", async ({ page }) => {
  test.setTimeout(60_000);
  const user = await registerViaApi(page.request);
  const footer = new AppShell(page).footer;
  // The one level-1 heading of each screen, word for word (toHaveText with a string is a whole-text
  // match, and fails if the page has more than one). A new member's /home is the onboarding wizard.
  const screens: [path: string, heading: string][] = [
    ["/home", `Welcome, ${user.username}!`],
    ["/matches", "Your Matches"],
    ["/chats", "Chats"],
    ["/profile", "My Profile"],
    ["/profile/subscription", "My Profile"],
    ["/profile/999999999", "Profile not available"],
    ["/conversation/999999999", "No Conversation Selected"],
    ["/debug-matches", "Debug Matches"],
    ["/socket-test", "Socket Test"],
    ["/rtc-test", "RTC Test"],
    ["/simple-rtc-test", "Simple RTC Test"],
    ["/rtc-test-old", "RTC Test (Old)"],
    ["/simple-ws-test", "WebSocket Test"],
    ["/ws-diagnostics", "Connection Diagnostics"],
  ];
  for (const [path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(heading);
    await expect(footer, path).toBeVisible();
  }
  await page.goto("/profile/subscription");
  await expect(
    page.getByRole("heading", { level: 2, name: "Subscription plans", exact: true }),
  ).toBeVisible();
  await page.goto("/call/1");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Audio Call");
  await expect(footer).toHaveCount(0);
});

test("the landing and auth pages run under the server's CSP without errors", async ({ page }) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  // Every console error counts, a failed request's included: a visitor's page asks nothing that fails.
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  // CSP violations as the page sees them, whether or not Chromium also logs them (zod's eval probe is
  // caught by zod itself, so only the violation event and the Issues panel show it).
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const userRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/user")) userRequests.push(request.url());
  });

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Learn More" }).click();
  await expect(page.getByRole("heading", { name: "Create Your Profile" })).toBeInViewport();
  await new AuthPage(page).goto("register");
  await expect(page.getByLabel("Full Name")).toBeVisible();
  // An empty form parses with zod (the register schema), which is where its eval probe would run.
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Username must be at least 3 characters")).toBeVisible();
  await page.getByRole("tab", { name: "Sign In" }).click();
  await page.getByRole("button", { name: "Sign In" }).click();
  expect(problems).toEqual([]);
  expect(userRequests).toEqual([]);
});

test("robots.txt is a real one that lets crawlers in, not the page", async ({ request }) => {
  const res = await request.get("/robots.txt");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^text\/plain/);
  const body = await res.text();
  expect(body).toMatch(/^User-agent: \*$/m);
  expect(body).toMatch(/^Allow: \/$/m);
});
