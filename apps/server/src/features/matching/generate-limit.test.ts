import { describe, expect, it } from "vitest";
import { createTestApp, onboardedUser, registerUser } from "../../test/app.ts";

const { app } = await createTestApp({ env: { MATCH_GENERATIONS_PER_HOUR: "2" } });

const generate = (cookie: string) =>
  app.inject({ method: "POST", url: "/api/generate-matches", headers: { cookie } });

describe("match generation limit", () => {
  it("lets one person look for matches 2 times an hour, then answers 429 with the wait", async () => {
    const user = await onboardedUser(app);
    for (let i = 0; i < 2; i++) expect((await generate(user.cookie)).statusCode).toBe(200);
    const refused = await generate(user.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      "You have looked for new matches many times in a short time. Please try again in 60 minutes.",
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3500);
    expect((await generate((await onboardedUser(app)).cookie)).statusCode).toBe(200);
  });

  it("does not count a refusal for an incomplete profile", async () => {
    const user = await registerUser(app);
    for (let i = 0; i < 3; i++) {
      const res = await generate(user.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Complete your profile before finding matches.");
    }
  });
});
