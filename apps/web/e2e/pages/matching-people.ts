import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { newUser, registerViaApi, type TestUser } from "../support/users";

/** Answers that fit each other. */
const SHARED_ANSWERS = {
  location: "Aberdeen",
  bio: "Coffee, long walks by the sea and good conversation.",
  communicationStyle: "Expressive and open",
  freeTimeActivities: ["Outdoor activities and nature", "Reading and learning new things"],
  values: "Honesty and trust",
  conflictResolution: "Listen first, then share my perspective",
  loveLanguage: "Quality time together",
  relationshipPace: "Moderate pace with regular communication",
  dealbreakers: ["Misaligned future goals"],
};

/** A date of birth that makes someone `age` today (their birthday is a few months away). */
function birthDateForAge(age: number): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear() - age - 1, now.getUTCMonth(), 1));
  d.setUTCMonth(d.getUTCMonth() + 3);
  return d.toISOString().slice(0, 10);
}

export type Side = "woman" | "man";

const SIDES = {
  woman: { gender: "Woman", interestedGenders: ["Men"], avatar: "🦊" },
  man: { gender: "Man", interestedGenders: ["Women"], avatar: "🐼" },
} as const;

/**
 * Completes the signed-in person's profile, accepting only people of their own `age` (without opening
 * a page: someone with Kindred open is never mailed). Returns their id.
 */
export async function completeProfileViaApi(request: APIRequestContext, side: Side, age: number) {
  const res = await request.put("/api/profile", {
    data: {
      ...SHARED_ANSWERS,
      ...SIDES[side],
      dateOfBirth: birthDateForAge(age),
      agePreferenceMin: age,
      agePreferenceMax: age,
      onboardingCompleted: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

/**
 * Registers and completes the profile through the API (page.request shares the browser's cookies), then
 * opens /home signed in: the specs using it are about what comes after sign-up, which auth.spec and
 * onboarding.spec cover through the UI. Everyone accepts only their own `age`, so each test's people
 * are matched among themselves, not with other specs' people.
 */
export async function onboard(
  page: Page,
  side: Side,
  prefix: string,
  age: number,
): Promise<TestUser & { id: number }> {
  const user = await registerViaApi(page.request, newUser(prefix));
  const id = await completeProfileViaApi(page.request, side, age);
  await page.goto("/home");
  await expect(page.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
  return { ...user, id };
}
