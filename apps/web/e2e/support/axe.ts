import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

// WCAG 2.0 and 2.1, A and AA, plus heading order (axe files it under best practice): what issue 12 asks.
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** CSS animations and transitions that end (a dialog fading in, a toast) and are still running. */
function runningTransitions(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      document
        .getAnimations()
        .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity)
        .length,
  );
}

/** Runs axe on the page as it is now and fails with a readable list of what it found. */
export async function expectNoAxeViolations(page: Page, what = page.url()) {
  // The page as it settles: loaded (no skeleton, no spinner) and its transitions over, for axe reads
  // computed colours.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect.poll(() => runningTransitions(page), { intervals: [50, 100, 250] }).toBe(0);
  const { violations } = await new AxeBuilder({ page })
    .options({ runOnly: { type: "tag", values: TAGS }, rules: { "heading-order": { enabled: true } } })
    .setLegacyMode(true)
    .analyze();
  const found = violations.flatMap((v) =>
    v.nodes.map((n) => `[${v.id}] ${v.help}: ${JSON.stringify(n.target)} ${n.failureSummary ?? ""}`),
  );
  expect.soft(found, `axe on ${what}`).toEqual([]);
}
