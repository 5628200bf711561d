import { expect, test } from "@playwright/test";

// DECISIONS "Calls": one table of call lengths feeds the server, the plan cards, the call page and this
// landing page. The plan cards are checked in onboarding-paths.spec.ts, the server in ladder.test.ts.
test("the landing page's call ladder states the lengths the server enforces, day 4 included", async ({
  page,
}) => {
  await page.goto("/");
  const ladder = page.locator("section#how-it-works");
  const rungs: [string, string][] = [
    ["Day 1", "5 minutes"],
    ["Day 2", "10 minutes"],
    ["Day 3", "20 minutes"],
  ];
  for (const [day, length] of rungs) {
    await expect(ladder.getByRole("listitem").filter({ hasText: day })).toContainText(length);
  }
  await expect(ladder).toContainText(
    "From the fourth call: 30 minutes when the caller is on Premium or Elite, 20 minutes when the caller is on Free.",
  );
  await expect(page.locator("#features")).toContainText(
    "Calls of 5, 10, then 20 minutes keep early chats light",
  );
});
