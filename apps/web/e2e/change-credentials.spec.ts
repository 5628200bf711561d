import { emailChangeSentMessage, WRONG_PASSWORD } from "@kindred/shared/mail";
import { expect, test } from "@playwright/test";
import { AccountSettingsPage } from "./pages/account-settings";
import { AppShell } from "./pages/app-shell";
import { mailsTo, mailText } from "./pages/mailbox";
import { expectNoAxeViolations } from "./support/axe";
import { newUser, registerViaApi } from "./support/users";

// Settings → Account on the shared app, whose mail waits in the development mailbox.

test("'Change password' needs the current password, and ends the account's other sessions", async ({
  page,
  browser,
}) => {
  const user = await registerViaApi(page.request, newUser("chpw"));
  const other = await browser.newContext();
  try {
    const signIn = await other.request.post("/api/login", {
      data: { username: user.username, password: user.password },
    });
    expect(signIn.status()).toBe(200);
    const account = new AccountSettingsPage(page);
    await account.goto();

    await account.changePassword("not-my-password", "fresh-pass-12");
    await expect(account.passwordForm.getByText(WRONG_PASSWORD)).toBeVisible();
    await account.changePassword(user.password, "fresh-pass-12", "fresh-pass-13");
    await expect(
      account.passwordForm.getByText("The two new passwords are not the same.", { exact: false }),
    ).toBeVisible();
    await account.changePassword(user.password, "fresh-pass-12");
    await expect(account.passwordForm.getByRole("status")).toHaveText(
      "Your password was changed. You're signed out on your other devices.",
    );
    await expect(new AppShell(page).toast("Your password was changed")).toBeVisible();
    await expect(account.passwordForm.getByLabel("Current password", { exact: true })).toHaveValue("");
    await expectNoAxeViolations(page, "/settings, password changed");

    expect((await other.request.get("/api/user")).status()).toBe(401);
    expect((await page.request.get("/api/user")).status()).toBe(200);
    const again = await other.request.post("/api/login", {
      data: { username: user.username, password: "fresh-pass-12" },
    });
    expect(again.status()).toBe(200);
  } finally {
    await other.close();
  }
});

test("'Change email' mails the new address, and its link makes it the account's", async ({ page }) => {
  const user = await registerViaApi(page.request, newUser("chem"));
  const account = new AccountSettingsPage(page);
  await account.goto();
  await expect(account.emailForm).toContainText(`Your address now: ${user.email}`);
  const next = `new-${user.email}`;
  await account.changeEmail(next, "wrong-password");
  await expect(account.emailForm.getByText(WRONG_PASSWORD)).toBeVisible();
  await account.changeEmail(next, user.password);
  await expect(account.emailForm.getByRole("status")).toHaveText(emailChangeSentMessage(next));

  let id: number | undefined;
  await expect
    .poll(async () => {
      [id] = await mailsTo(page.request, next, "Confirm your new email address");
      return id;
    })
    .toBeGreaterThan(0);
  const link = new URL(
    (await mailText(page.request, id ?? 0)).match(/(http\S+\/verify-email\?token=\S+)/)?.[1] ?? "",
  );
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText("Your email address is confirmed")).toBeVisible();
  await expect(page.getByText(`We'll use ${next} for your account.`)).toBeVisible();
  const self = (await (await page.request.get("/api/user")).json()) as {
    email: string;
    emailVerified: boolean;
  };
  expect(self).toMatchObject({ email: next, emailVerified: true });
});
