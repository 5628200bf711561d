import { type APIRequestContext, expect } from "@playwright/test";

// The development mailbox (the shared app has no SMTP_URL, so its mail is kept there), read as a
// developer's browser would, and the profile a matched person needs. Both through the API: the person
// mailed must never open a page (nobody with Kindred open is mailed).

/** The mailbox's numbers of the mails to `to` with `subject`, newest first. */
export async function mailsTo(request: APIRequestContext, to: string, subject: string): Promise<number[]> {
  const res = await request.get("/dev/mailbox");
  expect(res.status()).toBe(200);
  const rows = (await res.text()).split("<tr>").filter((row) => row.includes(`<td>${to}</td>`));
  return rows.flatMap((row) => {
    const found = row.match(/<a href="\/dev\/mailbox\/(\d+)">([^<]*)<\/a>/);
    return found && found[2] === subject ? [Number(found[1])] : [];
  });
}

/** A kept mail's plain text. */
export async function mailText(request: APIRequestContext, id: number): Promise<string> {
  const res = await request.get(`/dev/mailbox/${id}`);
  expect(res.status()).toBe(200);
  const pre = (await res.text()).match(/<pre>([\s\S]*?)<\/pre>/)?.[1] ?? "";
  return pre
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");
}

/** Answers that fit each other (as pages/matching-people.ts gives its people). */
const ANSWERS = {
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
const SIDES = {
  woman: { gender: "Woman", interestedGenders: ["Men"], avatar: "🦊" },
  man: { gender: "Man", interestedGenders: ["Women"], avatar: "🐼" },
} as const;

/** Completes the signed-in person's profile, accepting only people of their own `age`. */
export async function completeProfileViaApi(
  request: APIRequestContext,
  side: keyof typeof SIDES,
  age: number,
) {
  const now = new Date();
  const born = new Date(Date.UTC(now.getUTCFullYear() - age - 1, now.getUTCMonth(), 1));
  born.setUTCMonth(born.getUTCMonth() + 3);
  const res = await request.put("/api/profile", {
    data: {
      ...ANSWERS,
      ...SIDES[side],
      dateOfBirth: born.toISOString().slice(0, 10),
      agePreferenceMin: age,
      agePreferenceMax: age,
      onboardingCompleted: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}
