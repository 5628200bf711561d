import { LINK_EXPIRED, PASSWORD_RESET_SENT, VERIFICATION_SENT } from "@kindred/shared/mail";
import { type Browser, type BrowserContext, expect, test } from "@playwright/test";
import { type ReceivedMail, type SmtpSink, startSmtpSink } from "../../server/src/test/smtp-sink.ts";
import { ForgotPasswordPage, ResetPasswordPage, verifyBanner } from "./pages/account-recovery";
import { AppShell } from "./pages/app-shell";
import { AuthPage } from "./pages/auth-page";
import { completeProfileViaApi } from "./pages/matching-people";
import { type AppProcess, freshDataDir, startApp } from "./support/app-process";
import { expectNoAxeViolations } from "./support/axe";
import { MAIL_APP_PORT } from "./support/servers";
import { newUser, registerViaApi, type TestUser } from "./support/users";

// Issue 29's forgotten password, end to end: an app of this spec's own that sends its mail over SMTP
// to a real SMTP server on loopback (smtp-sink.ts), whose mail the test reads and whose links it opens.

const ORIGIN = `http://127.0.0.1:${MAIL_APP_PORT}`;
let sink: SmtpSink;
let app: AppProcess | null = null;
const contexts: BrowserContext[] = [];

// One app on one port: this file's tests run one after another, whatever fullyParallel says.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startApp(MAIL_APP_PORT, freshDataDir(MAIL_APP_PORT), {
    SMTP_URL: sink.url,
    PUBLIC_ORIGIN: ORIGIN,
  });
});

test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

test.afterAll(async () => {
  await app?.stop();
  await sink?.close();
});

async function openContext(browser: Browser) {
  const context = await browser.newContext({ baseURL: ORIGIN });
  contexts.push(context);
  return context;
}

/** The link after `label: ` in a mail's plain text (templates.ts writes each action so). */
function linkIn(mail: ReceivedMail, label: string): string {
  const found = mail.text.match(new RegExp(`${label}: (\\S+)`));
  if (!found?.[1]) throw new Error(`no '${label}' link in: ${mail.text}`);
  return found[1];
}

const subject = (s: string) => (mail: ReceivedMail) => mail.subject === s;

test("forgotten password: mail, link, new password, signed in; other sessions end; the old password and the link stop working", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const user: TestUser = newUser("reset");
  // The second browser: signed in at registration, left open on /home.
  const other = await (await openContext(browser)).newPage();
  await registerViaApi(other.request, user);
  await other.goto("/home");
  await expect(other.getByRole("heading", { name: /^Welcome, / })).toBeVisible();

  // The first browser: signed out, from the sign-in form.
  const page = await (await openContext(browser)).newPage();
  await new AuthPage(page).goto("login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const forgot = new ForgotPasswordPage(page);
  await expect(forgot.heading).toBeVisible();
  await forgot.submit.click();
  await expect(page.getByText("Invalid email format")).toBeVisible();
  await forgot.ask(user.email);
  await expect(forgot.answer).toHaveText(PASSWORD_RESET_SENT);
  await expectNoAxeViolations(page, "/forgot-password");

  const mail = await sink.waitFor(user.email, subject("Reset your Kindred password"));
  const link = linkIn(mail, "Choose a new password");
  expect(new URL(link).origin).toBe(ORIGIN);
  expect(new URL(link).pathname).toBe("/reset-password");

  const response = await page.goto(link);
  // The token in the URL never leaves in a Referer: the page says so, and so does the server.
  expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
  const reset = new ResetPasswordPage(page);
  await expect(reset.heading).toBeVisible();
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute("content", "no-referrer");
  await expectNoAxeViolations(page, "/reset-password");
  await reset.choose("brand-new-pass-7", "brand-new-pass-8");
  await expect(page.getByText("The two passwords are not the same.", { exact: false })).toBeVisible();
  await reset.choose("abc");
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await reset.choose("brand-new-pass-7");
  await expect(page).toHaveURL(/\/home$/);
  await expect(new AppShell(page).toast("Your password was changed")).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
  await sink.waitFor(user.email, subject("Your Kindred password was changed"));

  // The other browser's session ended: its next page load is the sign-in page.
  expect((await other.request.get("/api/user")).status()).toBe(401);
  await other.reload();
  await expect(other).toHaveURL(/\/auth$/);

  // The old password is refused, the new one signs in.
  const third = await (await openContext(browser)).newPage();
  const auth = new AuthPage(third);
  await auth.goto("login");
  await auth.signIn(user.username, user.password);
  await expect(new AppShell(third).toast("Login failed")).toBeVisible();
  await expect(third).toHaveURL(/\/auth/);
  await auth.signIn(user.username, "brand-new-pass-7");
  await expect(third).toHaveURL(/\/home$/);

  // An address with no account gets the same answer, the same status.
  await forgot.goto();
  await forgot.ask(`nobody-${Date.now()}@example.test`);
  await expect(forgot.answer).toHaveText(PASSWORD_RESET_SENT);

  // The used link, opened again, says it is spent and where to get a new one, before anything is typed.
  await page.goto(link);
  await expect(reset.alert).toContainText(LINK_EXPIRED);
  await expect(reset.password).toHaveCount(0);
  await expect(reset.alert.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute(
    "href",
    "/forgot-password",
  );
  await expectNoAxeViolations(page, "/reset-password, a used link");
  expect((await third.request.get("/api/user")).status()).toBe(200);
});

test("an unconfirmed address: the banner on /home, 'Resend', and the link confirms it", async ({
  browser,
}) => {
  const page = await (await openContext(browser)).newPage();
  const user = await registerViaApi(page.request, newUser("verify"));
  // The banner is the dashboard's: past the onboarding wizard a new account opens /home with.
  await completeProfileViaApi(page.request, "woman", 72);
  await sink.waitFor(user.email, subject("Confirm your email address"));
  await page.goto("/home");
  const banner = verifyBanner(page);
  await expect(banner).toContainText(`Please confirm your email address. We sent a link to ${user.email}.`);
  await expectNoAxeViolations(page, "/home, unconfirmed");
  const verifications = () =>
    sink.received.filter((m) => m.to.includes(user.email) && m.subject === "Confirm your email address");
  const before = verifications().length;
  await banner.getByRole("button", { name: "Resend" }).click();
  await expect(banner.getByRole("status")).toHaveText(VERIFICATION_SENT);
  await expect.poll(() => sink.received.filter((m) => m.to.includes(user.email)).length).toBe(before + 1);
  const latest = sink.received.filter((m) => m.to.includes(user.email)).at(-1) as ReceivedMail;

  await page.goto(linkIn(latest, "Confirm my address"));
  await expect(page.getByText("Your email address is confirmed")).toBeVisible();
  await expectNoAxeViolations(page, "/verify-email");
  await page.getByRole("link", { name: "Go to your home page" }).click();
  await expect(page.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
  await expect(verifyBanner(page)).toHaveCount(0);

  // Opened again (here signed out): it has been used.
  const visitor = await (await openContext(browser)).newPage();
  await visitor.goto(linkIn(latest, "Confirm my address"));
  await expect(visitor.getByRole("alert")).toContainText(LINK_EXPIRED);
});
