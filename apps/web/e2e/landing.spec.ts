import { expect, type Page, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { LandingPage } from "./pages/landing-page";
import { recordLayoutShifts } from "./support/layout-shifts";

/** The scripts index.html loads itself: the whole app's entry and the chunks it imports. */
async function wholeAppScripts(page: Page): Promise<Set<string>> {
  const html = await (await page.request.get("/index.html")).text();
  return new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? ""));
}

test.describe("on a phone (390x844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the section links are in a menu that opens, follows a link, and closes on Escape", async ({
    page,
  }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    const button = landing.header.getByRole("button", { name: "Sections menu" });
    const sections = page.getByRole("navigation", { name: "Sections" });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(sections).toBeHidden();
    await expect(landing.signInLink()).toBeVisible();
    await expect(landing.signUpLink()).toBeVisible();

    // By keyboard: Tab reaches the button, Enter opens it, Escape closes it and keeps focus there.
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    for (const label of ["How It Works", "Features", "About"]) {
      await expect(sections.getByRole("link", { name: label })).toBeVisible();
    }
    await page.keyboard.press("Tab");
    await expect(sections.getByRole("link", { name: "How It Works" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(sections).toBeHidden();
    await expect(button).toBeFocused();

    // Choosing a link goes to its section and closes the menu.
    await button.click();
    await sections.getByRole("link", { name: "Features" }).click();
    await expect(page).toHaveURL(/#features$/);
    await expect(sections).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("#features")).toBeInViewport();

    // The header fits the phone: nothing of it runs past the screen's edge.
    for (const item of [button, landing.signUpLink(), landing.signInLink()]) {
      const box = await item.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    }
  });

  test("the hero's three statistics line up", async ({ page }) => {
    await new LandingPage(page).goto();
    const values = page.locator("dl dd");
    await expect(values).toHaveText(["3+", "87%", "20+"]);
    const tops = await values.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
    expect(new Set(tops).size, `tops ${tops.join(", ")}`).toBe(1);
  });
});

test.describe("on a desktop (1280x800)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the section links show in the header and there is no menu button", async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    await expect(landing.header.getByRole("button", { name: "Sections menu" })).toBeHidden();
    const sections = page.getByRole("navigation", { name: "Sections" });
    await sections.getByRole("link", { name: "About" }).click();
    await expect(page.locator("#about")).toBeInViewport();
    const tops = await page
      .locator("dl dd")
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
  });
});

test.describe("pre-rendered for visitors", () => {
  test.describe("with scripts off", () => {
    test.use({ javaScriptEnabled: false });

    test("the landing and sign-in pages are whole before any script runs", async ({ page }) => {
      await page.goto("/");
      const landing = new LandingPage(page);
      await expect(landing.heroHeading).toBeVisible();
      await expect(page).toHaveTitle("Kindred · Find Your Kindred Spirit Through Conversation");
      await expect(landing.signUpLink()).toHaveAttribute("href", "/auth?tab=register");
      await expect(new AppShell(page).footer).toBeVisible();
      await page.getByRole("link", { name: "Learn More" }).click();
      await expect(page.getByRole("heading", { name: "Create Your Profile" })).toBeInViewport();
      await page.goto("/auth?tab=register");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Join Kindred");
      await expect(page).toHaveTitle("Create Account · Kindred");
      await page.goto("/auth");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back");
    });
  });

  // A busy phone's browser may paint a page its parser has only partly read. The sign-in page centres
  // its card in the screen's height, so a paint before the footer is read would show it lower, and it
  // would jump up when the rest arrives. Here the parser is held just before the footer, as a slow
  // network or a busy main thread would hold it: nothing may be painted until the page is whole.
  test("the sign-in page is painted whole even when its parser stops half-way", async ({ page }) => {
    const path = "/auth?tab=login";
    const expectNoShifts = await recordLayoutShifts(page);
    let resume = () => {};
    const parserHeld = new Promise<void>((resolve) => {
      resume = resolve;
    });
    let fetchedHalfWay = () => {};
    const halfWay = new Promise<void>((resolve) => {
      fetchedHalfWay = resolve;
    });
    await page.route("/parser-pause.js", async (route) => {
      fetchedHalfWay();
      await parserHeld;
      // It takes itself out before React reads the markup.
      await route.fulfill({ contentType: "text/javascript", body: "document.currentScript.remove();" });
    });
    await page.route(path, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        "<footer",
        '<script src="/parser-pause.js"></script><footer',
      );
      const { "content-encoding": _, "content-length": __, ...headers } = response.headers();
      await route.fulfill({ response, headers, body: html });
    });
    // A second page of the same browser: its frames count the time that passes, in frames.
    const clock = await page.context().newPage();
    const loaded = page.goto(path);
    await halfWay;
    // The page's first frame, whenever it comes: it must have the whole page in it.
    const wholeAtFirstFrame = page.evaluate(
      () =>
        new Promise((painted) => requestAnimationFrame(() => painted(!!document.getElementById("parsed")))),
    );
    // Frames go by; had this page's rendering not been held, it would have painted its half by now.
    await clock.evaluate(async () => {
      for (let i = 0; i < 10; i++) await new Promise(requestAnimationFrame);
    });
    resume();
    await loaded;
    expect(await wholeAtFirstFrame, "the first frame had only part of the page").toBe(true);
    await clock.close();
    await page.locator("html[data-interactive]").waitFor({ state: "attached" });
    await expect(new AppShell(page).footer).toBeVisible();
    await expectNoShifts();
  });

  test("React takes the markup over without an error or a warning, and the page works", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(m.text());
    });
    page.on("pageerror", (e) => problems.push(e.message));
    await page.setViewportSize({ width: 390, height: 844 });
    const landing = new LandingPage(page);
    await landing.goto();
    await landing.header.getByRole("button", { name: "Sections menu" }).click();
    await landing.header.getByRole("link", { name: "Features" }).click();
    await expect(page.locator("#features")).toBeInViewport();
    await landing.signUpLink().click();
    await expect(page.getByLabel("Full Name")).toBeVisible();
    await page.goto("/auth");
    await page.locator("html[data-interactive]").waitFor({ state: "attached" });
    await expect(page.getByLabel("Username")).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("the landing page loads only its own scripts; the whole app comes when a link to another page is pointed at", async ({
    page,
  }) => {
    const wholeApp = await wholeAppScripts(page);
    const fetched = new Set<string>();
    page.on("request", (request) => fetched.add(new URL(request.url()).pathname));
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(m.text());
    });
    page.on("pageerror", (e) => problems.push(e.message));

    const landing = new LandingPage(page);
    await landing.goto();
    await page.waitForLoadState("networkidle");
    const appOnly = [...wholeApp].filter((script) => !fetched.has(script));
    expect(appOnly.length).toBeGreaterThan(0);

    // Pointing at a link to another page fetches the rest; following it hands the page to the whole
    // app, which opens the new page at its top.
    const cta = page.getByRole("link", { name: "Create Your Free Account" });
    await cta.scrollIntoViewIfNeeded();
    const appFetched = page.waitForRequest((r) => appOnly.includes(new URL(r.url()).pathname));
    await cta.hover();
    await appFetched;
    await cta.click();
    await expect(page).toHaveURL("/auth?tab=register");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Join Kindred");
    await expect(page.getByLabel("Full Name")).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // The browser's Back returns to the landing page, now drawn by the whole app.
    await page.goBack();
    await expect(landing.heroHeading).toBeVisible();
    await landing.signInLink().click();
    await expect(page.getByLabel("Username")).toBeVisible();
    expect(problems).toEqual([]);
  });
});

/**
 * Holds back every script that index.html does not load itself (nor the pre-rendered pages' boot script,
 * which loads the same), as a slow network would; returns the release.
 */
async function holdLazyChunks(page: Page): Promise<() => void> {
  const entry = await wholeAppScripts(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    const { pathname } = new URL(route.request().url());
    if (!entry.has(pathname) && !/\/boot-[^/]+\.js$/.test(pathname)) await held;
    await route.continue();
  });
  return release;
}

test("the footer waits for a page that is still loading, so nothing shifts when it arrives", async ({
  page,
}) => {
  const expectNoShifts = await recordLayoutShifts(page);
  const release = await holdLazyChunks(page);
  await page.goto("/nope");
  await expect(page.getByRole("status")).toBeVisible();
  await expect(new AppShell(page).footer).toHaveCount(0);
  release();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await expect(new AppShell(page).footer).toBeVisible();
  await expectNoShifts();
});

for (const [tab, heading, field] of [
  ["login", "Welcome back", "Username"],
  ["register", "Join Kindred", "Full Name"],
] as const) {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`/auth?tab=${tab} at ${viewport.width}px: the forms are there before any script runs, and nothing moves when it does`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const expectNoShifts = await recordLayoutShifts(page);
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      // Not waiting for the load event, which waits for the held scripts.
      await page.goto(`/auth?tab=${tab}`, { waitUntil: "commit" });
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.getByLabel(field)).toBeVisible();
      await expect(page.getByRole("tab", { selected: true })).toHaveText(
        tab === "login" ? "Sign In" : "Create Account",
      );
      await expect(page.locator("html[data-interactive]")).toHaveCount(0);
      release();
      await page.locator("html[data-interactive]").waitFor({ state: "attached" });
      await expect(page.getByLabel(field)).toBeVisible();
      await expectNoShifts();
    });
  }
}
