import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { matches } from "../db/schema/matches.ts";
import { reports } from "../db/schema/reports.ts";
import { users } from "../db/schema/users.ts";
import { createTestApp, registerUser } from "../test/app.ts";
import { findNul, NUL_MESSAGE } from "./nul-guard.ts";

const { app, db } = await createTestApp();

/** JSON text carrying the escape "\u0000", which JSON.parse turns into the NUL character. */
const json = (body: object) => JSON.stringify(body).replaceAll("NUL", "\\u0000");
const send = (method: "POST" | "PUT", url: string, body: object, cookie?: string) =>
  app.inject({
    method,
    url,
    payload: json(body),
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
  });

describe("text holding the NUL character (PostgreSQL text cannot store it)", () => {
  it("is refused with a 400 naming the field, never a 500, and nothing is written", async () => {
    const reg = await send("POST", "/api/register", {
      username: "nulname",
      password: "secret123",
      email: "nul@example.com",
      name: "Ada NUL Lovelace",
    });
    expect(reg.statusCode).toBe(400);
    expect(reg.json()).toEqual({ message: NUL_MESSAGE, field: "name" });
    expect(await db.select().from(users).where(eq(users.username, "nulname"))).toEqual([]);

    const login = await send("POST", "/api/login", { username: "abcNUL", password: "secret123" });
    expect(login.statusCode).toBe(400);

    const a = await registerUser(app);
    const b = await registerUser(app);
    const bio = await send("PUT", "/api/profile", { bio: "hello NUL world" }, a.cookie);
    expect(bio.statusCode).toBe(400);
    expect(bio.json().field).toBe("bio");

    const [match] = await db
      .insert(matches)
      .values({ userId1: a.id, userId2: b.id, compatibility: 70 })
      .returning();
    const block = await send(
      "POST",
      `/api/matches/${match?.id}/block`,
      { reason: "Something else", details: "see NUL" },
      a.cookie,
    );
    expect(block.statusCode).toBe(400);
    expect(block.json().field).toBe("details");
    expect(await db.select().from(reports)).toEqual([]);
    expect((await db.select().from(matches))[0]?.status).toBe("active");
  });

  it("is found however deep it is nested, without overflowing the stack", () => {
    let deep: unknown = "x\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNul({ weekdays: deep })).toBe("weekdays");
    expect(findNul({ a: ["fine", { b: "fine" }] })).toBeNull();
    expect(findNul(undefined)).toBeNull();
  });
});
