import { UNSUBSCRIBE_INVALID } from "@kindred/shared/mail";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { MailSettingsPage } from "./pages/mail-settings";
import { mailsTo, mailText } from "./pages/mailbox";
import { completeProfileViaApi } from "./pages/matching-people";
import { expectNoAxeViolations } from "./support/axe";
import { newUser, registerViaApi } from "./support/users";

// The mail notification switches of /settings, and the unsubscribe link of a real notification mail
// (the shared app keeps its mail in the development mailbox, which the test reads).

const mailSettings = async (request: APIRequestContext) =>
  (await request.get("/api/notifications/mail")).json() as Promise<Record<string, boolean>>;

test("the Email switches save as they change, survive a reload, and say they wait for a confirmed address", async ({
  page,
}) => {
  const user = await registerViaApi(page.request, newUser("mailset"));
  const settings = new MailSettingsPage(page);
  await settings.goto();
  await expect(settings.group).toContainText(`Mail notifications start once you confirm ${user.email}`);
  const expected = {
    "Missed calls": true,
    "Call reminders": true,
    "Unread messages digest": true,
    "New matches": false,
  };
  for (const [label, on] of Object.entries(expected)) {
    await expect(settings.type(label)).toHaveAttribute("aria-checked", String(on));
  }
  await settings.type("Unread messages digest").click();
  await settings.type("New matches").click();
  const saved = { calls: true, reminders: true, messages: false, news: true };
  await expect.poll(() => mailSettings(page.request)).toEqual(saved);

  await page.reload();
  await expect(settings.type("Unread messages digest")).toHaveAttribute("aria-checked", "false");
  await expect(settings.type("New matches")).toHaveAttribute("aria-checked", "true");
  await expect(settings.type("Missed calls")).toHaveAttribute("aria-checked", "true");
  await expectNoAxeViolations(page, "/settings, mail");
});

test("a new-matches mail's unsubscribe link turns that mail off, only when its button is pressed", async ({
  page,
  browser,
}) => {
  // The person mailed: never opens a page (someone with Kindred open gets no mail), confirms their
  // address with the mailed link and wants new-match mail.
  const mailed = await browser.newContext();
  try {
    const person = await registerViaApi(mailed.request, newUser("unsub"));
    await completeProfileViaApi(mailed.request, "woman", 72);
    const [verify] = await mailsTo(mailed.request, person.email, "Confirm your email address");
    const link = new URL(
      (await mailText(mailed.request, verify ?? 0)).match(/Confirm my address: (\S+)/)?.[1] ?? "",
    );
    const confirmed = await mailed.request.post("/api/auth/verify-email", {
      data: { token: link.searchParams.get("token") },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    const on = { calls: true, reminders: true, messages: true, news: true };
    expect((await mailed.request.put("/api/notifications/mail", { data: on })).status()).toBe(200);

    // Someone new is matched with them.
    await registerViaApi(page.request, newUser("unsubm"));
    await completeProfileViaApi(page.request, "man", 72);
    expect((await page.request.post("/api/generate-matches")).status()).toBe(200);
    let news: number | undefined;
    await expect
      .poll(async () => {
        [news] = await mailsTo(mailed.request, person.email, "You have new matches on Kindred");
        return news;
      })
      .toBeGreaterThan(0);
    const text = await mailText(mailed.request, news ?? 0);
    const unsubscribe = new URL(text.match(/Unsubscribe from new match emails: (\S+)/)?.[1] ?? "");
    expect(unsubscribe.pathname).toBe("/unsubscribe");

    // Opened by anyone (a visitor here), as a mail scanner would: nothing changes until the button.
    const visitor = await browser.newPage();
    const posts: string[] = [];
    visitor.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/api/mail/unsubscribe")) posts.push(r.url());
    });
    await visitor.goto(`${unsubscribe.pathname}${unsubscribe.search}`);
    await expect(visitor.getByRole("heading", { level: 1, name: "Unsubscribe" })).toBeVisible();
    await expect(visitor.getByRole("main")).toContainText("we'll stop sending you new match emails");
    await expectNoAxeViolations(visitor, "/unsubscribe");
    expect(posts).toEqual([]);
    expect((await mailSettings(mailed.request)).news).toBe(true);

    await visitor.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(visitor.getByRole("main").getByRole("status")).toContainText(
      "You won't get these emails any more.",
    );
    expect(posts).toHaveLength(1);
    expect(await mailSettings(mailed.request)).toEqual({ ...on, news: false });

    // A link whose token is not anyone's says so.
    await visitor.goto("/unsubscribe?token=not-a-token&type=news");
    await visitor.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(visitor.getByRole("main").getByRole("alert")).toHaveText(UNSUBSCRIBE_INVALID);
    await visitor.close();
  } finally {
    await mailed.close();
  }
});
