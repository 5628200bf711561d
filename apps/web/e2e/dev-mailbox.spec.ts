import { PASSWORD_RESET_SENT } from "@kindred/shared/mail";
import { expect, test } from "@playwright/test";
import { ForgotPasswordPage, ResetPasswordPage } from "./pages/account-recovery";
import { AppShell } from "./pages/app-shell";
import { expectNoAxeViolations } from "./support/axe";
import { newUser, registerViaApi } from "./support/users";

// What `npm start` gives a new developer: no SMTP_URL, so mail is kept and shown at /dev/mailbox,
// and the reset flow still works end to end from there (the shared app runs without SMTP_URL).

test("with no SMTP server, the reset mail waits in the development mailbox and its link works", async ({
  page,
}) => {
  const user = await registerViaApi(page.request, newUser("devmail"));
  await page.context().clearCookies();

  const forgot = new ForgotPasswordPage(page);
  await forgot.goto();
  await forgot.ask(user.email);
  await expect(forgot.answer).toHaveText(PASSWORD_RESET_SENT);

  await page.goto("/dev/mailbox");
  await expect(page.getByRole("heading", { name: "Development mailbox" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: user.email });
  await row.getByRole("link", { name: "Reset your Kindred password" }).click();
  await expect(page.getByRole("heading", { name: "Reset your Kindred password" })).toBeVisible();
  // The mail as it would arrive: its HTML, framed; its button opens the link in this tab.
  const mail = page.frameLocator('iframe[title="The mail\'s HTML"]');
  await mail.getByRole("link", { name: "Choose a new password" }).click();

  const reset = new ResetPasswordPage(page);
  await expect(reset.heading).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/reset-password");
  await reset.choose("dev-mailbox-pass-1");
  await expect(page).toHaveURL(/\/home$/);
  await expect(new AppShell(page).toast("Your password was changed")).toBeVisible();
});

test("asking too often for one address is refused with a sentence, account or not", async ({ page }) => {
  const forgot = new ForgotPasswordPage(page);
  await forgot.goto();
  const address = `nobody-${Date.now()}@example.test`;
  for (let i = 0; i < 3; i += 1) {
    await forgot.ask(address);
    await expect(forgot.answer).toHaveText(PASSWORD_RESET_SENT);
  }
  await forgot.ask(address);
  await expect(forgot.error).toHaveText(/^Too many reset requests\. Please try again in /);
  await expect(forgot.answer).toBeHidden();
  await expectNoAxeViolations(page, "/forgot-password, refused");
});
