/// <reference path="../../server/src/test/http-ece.d.ts" />
import { createECDH, randomBytes, randomUUID } from "node:crypto";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { makeSubscription, startPushEndpoint } from "../../server/src/test/push-endpoint.ts";
import { NotificationSettingsPage } from "./pages/notification-settings";
import { expectNoAxeViolations } from "./support/axe";
import { BASE_URL, PUSH_ENDPOINT_PORTS } from "./support/servers";
import { registerViaApi } from "./support/users";

// pushManager.subscribe cannot reach a push service here (research §1.7): an init script stands in for
// it, returning a subscription whose keys this test made, on an endpoint the app's PUSH_ENDPOINT_ALLOW
// accepts. The stub keeps 'subscribed' in localStorage, so a reload finds it as a browser would.

interface StubSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

function newSubscription(): StubSubscription {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint: `https://127.0.0.1:${PUSH_ENDPOINT_PORTS[0]}/push/${randomUUID()}`,
    keys: { p256dh: ecdh.getPublicKey("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}

/** The stub; `deny` also stands in for a person answering 'Block' to the permission question. */
async function stubPush(context: BrowserContext, subscription: StubSubscription, deny = false) {
  await context.addInitScript(
    ({ sub, deny }) => {
      const HELD = "e2e.push.held";
      const make = () => ({
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => {
          localStorage.removeItem(HELD);
          return true;
        },
      });
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        const key = options?.applicationServerKey as Uint8Array;
        const asked = { userVisibleOnly: options?.userVisibleOnly, key: btoa(String.fromCharCode(...key)) };
        localStorage.setItem(HELD, JSON.stringify(asked));
        return make() as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () =>
        (localStorage.getItem(HELD) ? make() : null) as unknown as PushSubscription | null;
      if (!deny) return;
      const ASKED = "e2e.push.asked";
      Object.defineProperty(Notification, "permission", {
        get: () => (localStorage.getItem(ASKED) ? "denied" : "default"),
      });
      Notification.requestPermission = async () => {
        localStorage.setItem(ASKED, "1");
        return "denied";
      };
    },
    { sub: subscription, deny },
  );
}

async function serverEndpoints(page: Page): Promise<string[]> {
  const res = await page.request.get("/api/push/subscriptions");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { subscriptions: { endpoint: string }[] }).subscriptions.map(
    (s) => s.endpoint,
  );
}

async function serverSettings(page: Page): Promise<unknown> {
  return (await page.request.get("/api/notifications/settings")).json();
}

test("the browser switch subscribes with the server's key, survives a reload, re-posts at app start, and turns off", async ({
  page,
  context,
}) => {
  await registerViaApi(page.request);
  const subscription = newSubscription();
  await stubPush(context, subscription);
  await context.grantPermissions(["notifications"], { origin: BASE_URL });
  const settings = new NotificationSettingsPage(page);
  await settings.goto();

  await expect(settings.browserSwitch).toBeEnabled();
  await expect(settings.browserSwitch).toHaveAttribute("aria-checked", "false");
  await settings.browserSwitch.click();
  await expect(settings.browserSwitch).toHaveAttribute("aria-checked", "true");
  await expect(settings.browserSwitch).toHaveAccessibleDescription(/^On: /);
  expect(await serverEndpoints(page)).toEqual([subscription.endpoint]);

  // userVisibleOnly, and the VAPID key the server signs with.
  const asked = JSON.parse((await page.evaluate(() => localStorage.getItem("e2e.push.held"))) ?? "{}");
  const { publicKey } = (await (await page.request.get("/api/push/key")).json()) as { publicKey: string };
  expect(asked).toEqual({
    userVisibleOnly: true,
    key: Buffer.from(publicKey, "base64url").toString("base64"),
  });

  await page.reload();
  await expect(settings.browserSwitch).toHaveAttribute("aria-checked", "true");

  // The server dropped it (a rotation, a 410): the next app start posts it again.
  const gone = await page.request.delete("/api/push/subscriptions", {
    data: { endpoint: subscription.endpoint },
  });
  expect(gone.status()).toBe(204);
  await page.goto("/home");
  await expect.poll(() => serverEndpoints(page)).toEqual([subscription.endpoint]);

  await settings.goto();
  await expect(settings.browserSwitch).toHaveAttribute("aria-checked", "true");
  await settings.browserSwitch.click();
  await expect(settings.browserSwitch).toHaveAttribute("aria-checked", "false");
  expect(await serverEndpoints(page)).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem("e2e.push.held"))).toBeNull();

  // With no browser on, the test button says what to do.
  await settings.testButton.click();
  await expect(settings.section.getByRole("alert").filter({ hasText: "Turn on notifications" })).toHaveText(
    "Turn on notifications in this browser first, then send a test notification.",
  );
  await expectNoAxeViolations(page, "/settings, notifications");
});

test("what is pushed, hidden names and quiet hours are saved as they change and survive a reload", async ({
  page,
}) => {
  await registerViaApi(page.request);
  const settings = new NotificationSettingsPage(page);
  await settings.goto();

  for (const label of ["Incoming calls", "Scheduled call reminders", "Messages", "Matches and unlocks"]) {
    await expect(settings.type(label)).toHaveAttribute("aria-checked", "true");
  }
  await settings.type("Messages").click();
  await settings.type("Matches and unlocks").click();
  await expect(settings.hideNames).toHaveAccessibleDescription(/Someone is calling you on Kindred/);
  await settings.hideNames.click();
  await expect(settings.quietHours).toHaveAccessibleDescription(/UK time.*scheduled still comes through/);
  await settings.quietHours.click();
  await expect(settings.quietFrom).toHaveValue("22:00");
  await settings.quietFrom.fill("23:30");
  await settings.quietUntil.fill("06:45");

  const expected = {
    calls: true,
    reminders: true,
    messages: false,
    news: false,
    hideNames: true,
    quietHours: { start: "23:30", end: "06:45" },
  };
  await expect.poll(() => serverSettings(page)).toEqual(expected);

  await page.reload();
  await expect(settings.type("Messages")).toHaveAttribute("aria-checked", "false");
  await expect(settings.type("Matches and unlocks")).toHaveAttribute("aria-checked", "false");
  await expect(settings.type("Incoming calls")).toHaveAttribute("aria-checked", "true");
  await expect(settings.hideNames).toHaveAttribute("aria-checked", "true");
  await expect(settings.quietFrom).toHaveValue("23:30");
  await expect(settings.quietUntil).toHaveValue("06:45");

  await settings.quietHours.click();
  await expect(settings.quietFrom).toHaveCount(0);
  await expect.poll(() => serverSettings(page)).toEqual({ ...expected, quietHours: null });
});

test("a save that fails says so, shows what is saved, and 'Try again' makes the change", async ({ page }) => {
  await registerViaApi(page.request);
  const settings = new NotificationSettingsPage(page);
  await settings.goto();
  await expect(settings.type("Messages")).toHaveAttribute("aria-checked", "true");

  await page.route("**/api/notifications/settings", (route) =>
    route.request().method() === "PUT"
      ? route.fulfill({ status: 503, json: { message: "The server is busy, try again in a moment." } })
      : route.continue(),
  );
  await settings.type("Messages").click();
  await expect(settings.section.getByRole("alert").filter({ hasText: "not saved" })).toContainText(
    "Your change was not saved: The server is busy, try again in a moment.",
  );
  await expect(settings.type("Messages")).toHaveAttribute("aria-checked", "true");

  await page.unroute("**/api/notifications/settings");
  await settings.section.getByRole("button", { name: "Try again" }).click();
  await expect(settings.type("Messages")).toHaveAttribute("aria-checked", "false");
  await expect(settings.section.getByText("Your change was not saved", { exact: false })).toHaveCount(0);
  await expect.poll(async () => ((await serverSettings(page)) as { messages: boolean }).messages).toBe(false);
});

test("permission is asked only on the click, and a refusal says how to undo it", async ({
  page,
  context,
}) => {
  await registerViaApi(page.request);
  await stubPush(context, newSubscription(), true);
  const settings = new NotificationSettingsPage(page);
  await settings.goto();

  await expect(settings.browserSwitch).toBeEnabled();
  expect(await page.evaluate(() => localStorage.getItem("e2e.push.asked"))).toBeNull();
  await settings.browserSwitch.click();
  await expect(settings.browserSwitch).toBeDisabled();
  await expect(settings.browserSwitch).toHaveAttribute("aria-checked", "false");
  const undo =
    "Your browser blocked notifications from Kindred. To undo it, click the lock or site-settings icon next to the address bar, set Notifications to Allow for this site, then reload the page.";
  await expect(settings.browserSwitch).toHaveAccessibleDescription(undo);
  await expect(settings.section.getByText(undo)).toBeVisible();
  expect(await serverEndpoints(page)).toEqual([]);

  await page.reload();
  await expect(settings.section.getByText(undo)).toBeVisible();
  await expectNoAxeViolations(page, "/settings, notifications blocked");
});

test("'Send a test notification' reaches this browser's push endpoint, encrypted for its keys", async ({
  page,
  context,
}) => {
  // On one of the ports the app's PUSH_ENDPOINT_ALLOW lists.
  const endpoint = await startPushEndpoint({ port: PUSH_ENDPOINT_PORTS[1] });
  try {
    const browser = makeSubscription(endpoint.origin);
    await registerViaApi(page.request);
    await stubPush(context, browser.subscription);
    await context.grantPermissions(["notifications"], { origin: BASE_URL });
    const settings = new NotificationSettingsPage(page);
    await settings.goto();
    await settings.browserSwitch.click();
    await expect(settings.browserSwitch).toHaveAttribute("aria-checked", "true");

    await settings.testButton.click();
    await expect(settings.section.getByRole("status")).toHaveText(
      "Sent to 1 browser with notifications on. It should appear within a few seconds.",
    );
    const [push] = await endpoint.waitFor(browser.path);
    expect(push).toMatchObject({ encoding: "aes128gcm", vapidValid: true });
    expect(JSON.parse(browser.decrypt(push?.body as Buffer))).toMatchObject({
      kind: "test",
      title: "Test notification from Kindred",
    });
  } finally {
    await endpoint.close();
  }
});
