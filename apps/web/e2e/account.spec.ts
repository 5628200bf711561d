import { expect, test } from "@playwright/test";
import { newUser, registerViaApi } from "./support/users";

test("a member downloads their data, then deletes their account with its password and can no longer sign in", async ({
  page,
}) => {
  const user = await registerViaApi(page.request, newUser("del"));
  await page.goto("/profile");
  const account = page.getByRole("region", { name: "Your account" });

  const download = page.waitForEvent("download");
  await account.getByRole("link", { name: "Download my data" }).click();
  const file = await (await download).path();
  const { readFile } = await import("node:fs/promises");
  expect(JSON.parse(await readFile(file, "utf8")).profile.username).toBe(user.username);

  // It asks for the password first: a wrong one says so and deletes nothing.
  await account.getByRole("button", { name: "Delete account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
  const confirm = dialog.getByRole("button", { name: "Delete account" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Your password", { exact: true }).fill("not-my-password");
  await confirm.click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "That password is not right. Your account was not deleted.",
  );
  await dialog.getByLabel("Your password", { exact: true }).fill(user.password);
  await confirm.click();
  await expect(page).toHaveURL(/\/goodbye$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account has been deleted");
  await expect(page.getByRole("link", { name: "Sign Up" })).toBeVisible();

  const login = await page.request.post("/api/login", {
    data: { username: user.username, password: user.password },
  });
  expect(login.status()).toBe(401);
});
