import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { matches } from "../../db/schema/matches.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { users } from "../../db/schema/users.ts";
import { createTestApp, onboardedUser } from "../../test/app.ts";

const { app, db } = await createTestApp();

describe("account", () => {
  it("exports the user's own data as JSON, without the password hash", async () => {
    const user = await onboardedUser(app);
    const res = await app.inject({
      method: "GET",
      url: "/api/user/export",
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain("attachment");
    expect(res.json().profile).toMatchObject({ id: user.id, email: user.email });
    expect(res.body).not.toMatch(/argon2|passwordHash/);
  });

  it("exports a block as the blocker's alone: to the blocked person the match was unmatched", async () => {
    const a = await onboardedUser(app);
    const b = await onboardedUser(app);
    const [match] = await db
      .insert(matches)
      .values({ userId1: Math.min(a.id, b.id), userId2: Math.max(a.id, b.id), compatibility: 70 })
      .returning();
    const blocked = await app.inject({
      method: "POST",
      url: `/api/matches/${match?.id}/block`,
      headers: { cookie: a.cookie },
      payload: { reason: "Spam or scam" },
    });
    expect(blocked.statusCode).toBe(200);
    const exportOf = async (cookie: string) =>
      (await app.inject({ method: "GET", url: "/api/user/export", headers: { cookie } })).json();
    expect((await exportOf(a.cookie)).matches).toMatchObject([{ id: match?.id, status: "blocked" }]);
    const theirs = await exportOf(b.cookie);
    expect(theirs.matches).toMatchObject([{ id: match?.id, status: "unmatched" }]);
    expect(JSON.stringify(theirs)).not.toContain("blocked");
  });

  it("deletes only with the account's password: a wrong or missing one says so and deletes nothing", async () => {
    const user = await onboardedUser(app);
    const del = (payload?: object) =>
      app.inject({ method: "DELETE", url: "/api/user", headers: { cookie: user.cookie }, payload });
    const missing = await del({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: "Enter your password to delete your account." });
    const wrong = await del({ password: "not-it" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: "That password is not right. Your account was not deleted.",
    });
    const me = await app.inject({ method: "GET", url: "/api/user", headers: { cookie: user.cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ googleOnly: false });
    // The sign-in budget (5 per account) applies: a stolen session cannot guess on and on.
    for (let i = 0; i < 4; i++) await del({ password: `guess-${i}` });
    const limited = await del({ password: user.password });
    expect(limited.statusCode).toBe(429);
    expect(
      (await app.inject({ method: "GET", url: "/api/user", headers: { cookie: user.cookie } })).statusCode,
    ).toBe(200);
  });

  it("an account without a password (Google) is deleted on the typed confirmation 'DELETE'", async () => {
    const user = await onboardedUser(app);
    await db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    const del = (payload: object) =>
      app.inject({ method: "DELETE", url: "/api/user", headers: { cookie: user.cookie }, payload });
    const refused = await del({ confirm: "delete me" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: "Type DELETE to confirm." });
    expect((await del({ confirm: "DELETE" })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: "GET", url: "/api/user", headers: { cookie: user.cookie } })).statusCode,
    ).toBe(401);
  });

  it("deletes everything of the user's: sessions end and matches go for the other side", async () => {
    const a = await onboardedUser(app);
    const b = await onboardedUser(app);
    await db
      .insert(matches)
      .values({ userId1: Math.min(a.id, b.id), userId2: Math.max(a.id, b.id), compatibility: 70 });
    const res = await app.inject({
      method: "DELETE",
      url: "/api/user",
      headers: { cookie: a.cookie },
      payload: { password: a.password },
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await app.inject({ method: "GET", url: "/api/user", headers: { cookie: a.cookie } })).statusCode,
    ).toBe(401);
    expect(await db.select().from(sessions).where(eq(sessions.userId, a.id))).toEqual([]);
    const list = await app.inject({ method: "GET", url: "/api/matches", headers: { cookie: b.cookie } });
    expect(list.json()).toEqual([]);
    const login = await app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: a.username, password: a.password },
    });
    expect(login.statusCode).toBe(401);
  });

  it("deletes every photo file of the user's, also one the profile no longer references", async () => {
    const user = await onboardedUser(app);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#abcdef" } })
      .png()
      .toBuffer();
    const boundary = "----kindredtest";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = () =>
      app.inject({
        method: "POST",
        url: "/api/profile/photo",
        payload,
        headers: { cookie: user.cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
      });
    expect((await upload()).statusCode).toBe(200);
    // A photo of the user's that the profile does not point at (say, saved by an upload still on its
    // way while the account was deleted).
    await app.photos.save(user.id, png);
    expect(await app.photos.keysOf(user.id)).toHaveLength(2);
    const res = await app.inject({
      method: "DELETE",
      url: "/api/user",
      headers: { cookie: user.cookie },
      payload: { password: user.password },
    });
    expect(res.statusCode).toBe(200);
    expect(await app.photos.keysOf(user.id)).toEqual([]);
  });
});
