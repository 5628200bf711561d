import type { APIRequestContext } from "@playwright/test";
import { expect } from "@playwright/test";

export interface TestUser {
  name: string;
  email: string;
  username: string;
  password: string;
}

let sequence = 0;

/** A user no other test (or earlier run against the same database) has used. */
export function newUser(prefix = "u"): TestUser {
  sequence += 1;
  const suffix = `${Date.now().toString(36)}${sequence}${Math.random().toString(36).slice(2, 6)}`;
  const username = `${prefix}_${suffix}`.slice(0, 30);
  return { name: "Test Person", email: `${username}@example.test`, username, password: "correct-horse-42" };
}

/** Creates the account through the API. With page.request the browser context is signed in too. */
export async function registerViaApi(
  request: APIRequestContext,
  user: TestUser = newUser(),
): Promise<TestUser> {
  const res = await request.post("/api/register", { data: user });
  expect(res.status(), await res.text()).toBe(201);
  return user;
}
