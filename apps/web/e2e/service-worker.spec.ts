import { type CDPSession, expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { BASE_URL } from "./support/servers";
import { registerViaApi } from "./support/users";

// Issue 28: the installable app (manifest, icons), the service worker and the pushes it shows. No push
// service is reachable here: pushes are delivered with the DevTools protocol (RESEARCH §1.7), and what
// a click does is unit-tested (src/sw/click-action.test.ts), as no protocol can click a notification.

interface Shown {
  title: string;
  tag: string;
  actions: { action: string; title: string }[];
  data: { url?: string; kind?: string; callId?: number; matchId?: number };
}

/** The PNG's width and height, from its IHDR chunk. */
function pngSize(body: Buffer): string {
  expect(body.subarray(1, 4).toString("ascii")).toBe("PNG");
  return `${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`;
}

/** A signed-in page at /home that the service worker controls. */
async function controlledPage(page: Page): Promise<void> {
  await registerViaApi(page.request);
  await page.goto("/home");
  await page.evaluate(() => navigator.serviceWorker.ready);
  // clients.claim() on activate: the page that registered the worker is controlled without a reload.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Delivers pushes to the page's service worker through the DevTools protocol. */
async function pushSender(page: Page): Promise<(payload: object) => Promise<void>> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${BASE_URL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  const id = await registrationId;
  return async (payload) => {
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: BASE_URL,
      registrationId: id,
      data: JSON.stringify(payload),
    });
  };
}

function shownNotifications(page: Page): Promise<Shown[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const all = await registration.getNotifications();
    return all.map((n) => ({
      title: n.title,
      tag: n.tag,
      actions: ((n as unknown as { actions?: Shown["actions"] }).actions ?? []).map((a) => ({
        action: a.action,
        title: a.title,
      })),
      data: n.data,
    }));
  });
}

test("the manifest has what installing needs, and its icons are PNGs of the sizes it names", async ({
  page,
}) => {
  const res = await page.request.get("/manifest.webmanifest");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  expect(res.headers()["cache-control"]).toBe("no-cache");
  const manifest = JSON.parse(await res.text());
  expect(manifest).toMatchObject({
    name: "Kindred",
    short_name: "Kindred",
    start_url: "/home",
    scope: "/",
    id: "/home",
    display: "standalone",
    theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    description: expect.any(String),
  });
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
  for (const icon of [
    ...icons,
    { src: "/icons/apple-touch-icon.png", sizes: "180x180", type: "image/png" },
  ]) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()["content-type"], icon.src).toBe(icon.type);
    expect(pngSize(await image.body()), icon.src).toBe(icon.sizes);
  }

  // Every kind of page names it: the app's (index.html), and the pre-rendered ones for visitors.
  for (const path of ["/home", "/auth", "/"]) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(html, path).toContain(`<meta name="theme-color" content="${manifest.theme_color}"`);
    expect(html, path).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"');
  }
});

test("Chromium finds /home installable: the manifest parses, with no installability errors", async ({
  page,
}) => {
  await controlledPage(page);
  const cdp = await page.context().newCDPSession(page);
  const manifest = await cdp.send("Page.getAppManifest");
  expect(manifest.url).toBe(`${BASE_URL}/manifest.webmanifest`);
  expect(manifest.errors).toEqual([]);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  // Playwright's contexts are off the record, which Chromium never installs from: that one is the test's.
  expect(installabilityErrors.filter((e) => e.errorId !== "in-incognito")).toEqual([]);
});

test("a pushed call rings with Answer and Decline, and the missed call replaces it under its tag", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["notifications"], { origin: BASE_URL });
  await controlledPage(page);
  const push = await pushSender(page);
  const call = {
    kind: "call",
    title: "alex is calling",
    tag: "call-9001",
    url: "/call/77",
    callId: 9001,
    matchId: 77,
    ringUntil: Date.now() + 60_000,
  };
  await push(call);
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      {
        title: "alex is calling",
        tag: "call-9001",
        actions: [
          { action: "answer", title: "Answer" },
          { action: "decline", title: "Decline" },
        ],
        data: { url: "/call/77", kind: "call", callId: 9001, matchId: 77 },
      },
    ]);

  // The server's missed-call push: the same tag, so one notification is left, saying so.
  await push({
    kind: "missed",
    title: "Missed call from alex",
    tag: "call-9001",
    url: "/matches",
    callId: 9001,
    matchId: 77,
  });
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      {
        title: "Missed call from alex",
        tag: "call-9001",
        actions: [],
        data: { url: "/matches", kind: "missed", callId: 9001, matchId: 77 },
      },
    ]);

  // A ring that reaches the phone after its ring time is shown as missed: never a late ring.
  await push({ ...call, tag: "call-9002", callId: 9002, ringUntil: Date.now() - 1000 });
  await expect
    .poll(async () => (await shownNotifications(page)).find((n) => n.tag === "call-9002"))
    .toEqual({
      title: "Missed call from alex",
      tag: "call-9002",
      actions: [],
      data: { url: "/matches", kind: "missed", callId: 9002, matchId: 77 },
    });
});

test("offline, a page load shows the offline page; only hashed assets and that page are cached", async ({
  page,
  context,
}) => {
  await controlledPage(page);
  // Loaded again under the worker: the page's assets and API requests now pass through it.
  await page.reload();
  await expect(page.getByRole("navigation").first()).toBeVisible();
  const cached = () =>
    page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
  await expect.poll(async () => (await cached()).some((path) => path.startsWith("/assets/"))).toBe(true);
  const paths = await cached();
  expect(paths).toContain("/offline.html");
  expect(paths.filter((path) => path !== "/offline.html" && !path.startsWith("/assets/"))).toEqual([]);

  await context.setOffline(true);
  try {
    await page.goto("/matches");
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
    await expectNoAxeViolations(page, "the offline page");
  } finally {
    await context.setOffline(false);
  }
  // Back online, the same address loads the app again.
  await page.goto("/matches");
  await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toHaveCount(0);
  expect((await cached()).filter((path) => path.startsWith("/api/"))).toEqual([]);
});
