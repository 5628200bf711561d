import { expect, test } from "@playwright/test";
import { newUser, registerViaApi } from "./support/users";

test("a member downloads their data, then deletes their account and can no longer sign in", async ({
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

  await account.getByRole("button", { name: "Delete account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
  await dialog.getByRole("button", { name: "Delete account" }).click();
  await expect(page).toHaveURL(/\/$/);

  const login = await page.request.post("/api/login", {
    data: { username: user.username, password: user.password },
  });
  expect(login.status()).toBe(401);
});
