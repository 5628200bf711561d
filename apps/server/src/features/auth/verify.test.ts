import { LINK_EXPIRED, VERIFICATION_SENT, VERIFY_TOKEN_TTL_MS } from "@kindred/shared/mail";
import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema/mail.ts";
import { users } from "../../db/schema/users.ts";
import { VERIFICATION_MAILS_PER_HOUR } from "../../lib/product-limits.ts";
import { createTestApp, registerUser } from "../../test/app.ts";
import { ALREADY_VERIFIED } from "./email-routes.ts";
import { findOrCreateGoogleUser } from "./google.ts";
import { insertUser } from "./mutations.ts";

const ORIGIN = "http://kindred.test";
const { app, db } = await createTestApp({ env: { PUBLIC_ORIGIN: ORIGIN } });
afterEach(() => app.scheduleClock.set(null));

const verify = (token: string) =>
  app.inject({ method: "POST", url: "/api/auth/verify-email", payload: { token } });
const resend = (cookie?: string) =>
  app.inject({ method: "POST", url: "/api/auth/verify-email/resend", headers: cookie ? { cookie } : {} });
const me = (cookie: string) => app.inject({ method: "GET", url: "/api/user", headers: { cookie } });

/** The token of the newest verification link mailed to `to`. */
async function verifyToken(to: string): Promise<string> {
  const mails = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, "verify_email")))
    .orderBy(asc(mailOutbox.id));
  const text = mails.at(-1)?.text ?? "";
  const token = /http:\/\/kindred\.test\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no verification link to ${to}`);
  return token;
}

describe("confirming the address after sign-up", () => {
  it("mails a link on registration that verifies the account, once, without a session", async () => {
    const user = await registerUser(app);
    expect((await me(user.cookie)).json()).toMatchObject({ emailVerified: false });
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.userId, user.id));
    expect(mail).toMatchObject({
      toAddress: user.email,
      kind: "verify_email",
      subject: "Confirm your email address",
    });

    const res = await verify(await verifyToken(user.email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: user.email, emailVerified: true });
    // The session's cached copy of the user was forgotten: the page sees the change at once.
    expect((await me(user.cookie)).json()).toMatchObject({ emailVerified: true });
    const again = await verify(await verifyToken(user.email));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: LINK_EXPIRED });
  });

  it("refuses a link after 24 hours by the test clock, and an unknown one", async () => {
    const user = await registerUser(app);
    const token = await verifyToken(user.email);
    app.scheduleClock.set(new Date(Date.now() + VERIFY_TOKEN_TTL_MS + 1000));
    expect((await verify(token)).json()).toEqual({ message: LINK_EXPIRED });
    expect((await verify("not-a-token")).statusCode).toBe(400);
    expect((await me(user.cookie)).json()).toMatchObject({ emailVerified: false });
  });

  it("verifies only the account the link was for", async () => {
    const alice = await registerUser(app);
    const bob = await registerUser(app);
    expect((await verify(await verifyToken(alice.email))).json()).toMatchObject({ email: alice.email });
    expect((await me(bob.cookie)).json()).toMatchObject({ emailVerified: false });
  });
});

describe("resending the link", () => {
  it("sends a new link that voids the older one, a few times an hour, and not once verified", async () => {
    const user = await registerUser(app);
    const first = await verifyToken(user.email);
    const res = await resend(user.cookie);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: VERIFICATION_SENT });
    const second = await verifyToken(user.email);
    expect(second).not.toBe(first);
    expect((await verify(first)).statusCode).toBe(400);

    for (let i = 1; i < VERIFICATION_MAILS_PER_HOUR; i++)
      expect((await resend(user.cookie)).statusCode).toBe(202);
    const refused = await resend(user.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^We've sent several links already\. .* try again in 60 minutes\.$/,
    );

    expect((await verify(await verifyToken(user.email))).statusCode).toBe(200);
    const done = await resend(user.cookie);
    expect(done.statusCode).toBe(409);
    expect(done.json()).toEqual({ message: ALREADY_VERIFIED });
  });

  it("needs a session", async () => {
    expect((await resend()).statusCode).toBe(401);
  });
});

describe("Google sign-in", () => {
  const verified = async (id: number) =>
    (await db.select({ v: users.emailVerified }).from(users).where(eq(users.id, id)))[0]?.v;

  it("makes a new account verified, and no verification mail", async () => {
    const row = await findOrCreateGoogleUser(db, {
      sub: "g-new",
      email: "New.G@example.com",
      email_verified: true,
    });
    expect(row.emailVerified).toBe(true);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.userId, row.id))).toEqual([]);
  });

  it("verifies the account it links to by the same verified address", async () => {
    const user = await registerUser(app);
    await findOrCreateGoogleUser(db, { sub: "g-link", email: user.email, email_verified: true });
    expect(await verified(user.id)).toBe(true);
  });

  it("linking to a never-confirmed account ends the password and sessions whoever signed up with it had", async () => {
    const squatter = await registerUser(app);
    await findOrCreateGoogleUser(db, { sub: "g-owner", email: squatter.email, email_verified: true });
    const [row] = await db.select().from(users).where(eq(users.id, squatter.id));
    expect(row).toMatchObject({ googleSub: "g-owner", emailVerified: true, passwordHash: null });
    app.sessions.cache.clear();
    expect((await me(squatter.cookie)).statusCode).toBe(401);
  });

  it("linking to a confirmed account keeps its password and sessions", async () => {
    const owner = await registerUser(app);
    expect((await verify(await verifyToken(owner.email))).statusCode).toBe(200);
    await findOrCreateGoogleUser(db, { sub: "g-confirmed", email: owner.email, email_verified: true });
    const [row] = await db.select().from(users).where(eq(users.id, owner.id));
    expect(row?.passwordHash).not.toBeNull();
    expect((await me(owner.cookie)).statusCode).toBe(200);
  });

  it("verifies a linked account when Google vouches for its address, not for another one", async () => {
    const base = { name: "", passwordHash: null, emailVerified: false };
    const same = await insertUser(db, {
      ...base,
      username: "gsame",
      email: "same@example.com",
      googleSub: "g-same",
    });
    const moved = await insertUser(db, {
      ...base,
      username: "gmoved",
      email: "kept@example.com",
      googleSub: "g-moved",
    });
    await findOrCreateGoogleUser(db, { sub: "g-same", email: "SAME@example.com", email_verified: true });
    await findOrCreateGoogleUser(db, {
      sub: "g-moved",
      email: "elsewhere@example.com",
      email_verified: true,
    });
    expect(await verified(same.id)).toBe(true);
    expect(await verified(moved.id)).toBe(false);
  });
});
