import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

// WCAG 2.0 and 2.1, A and AA, plus heading order (axe files it under best practice): what issue 12 asks.
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Runs axe on the page as it is now and fails with a readable list of what it found. */
export async function expectNoAxeViolations(page: Page, what = page.url()) {
  // Let transitions (dialogs sliding in, toasts) finish: axe reads computed colours.
  await page.waitForTimeout(400);
  const { violations } = await new AxeBuilder({ page })
    .options({ runOnly: { type: "tag", values: TAGS }, rules: { "heading-order": { enabled: true } } })
    .setLegacyMode(true)
    .analyze();
  const found = violations.flatMap((v) =>
    v.nodes.map((n) => `[${v.id}] ${v.help}: ${JSON.stringify(n.target)} ${n.failureSummary ?? ""}`),
  );
  expect.soft(found, `axe on ${what}`).toEqual([]);
}
