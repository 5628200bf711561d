import { LINK_EXPIRED, PASSWORD_RESET_SENT, RESET_TOKEN_TTL_MS } from "@kindred/shared/mail";
import { asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema/mail.ts";
import { RESETS_PER_EMAIL_PER_HOUR, RESETS_PER_IP_PER_HOUR } from "../../lib/product-limits.ts";
import { createTestApp, registerUser, sessionCookie } from "../../test/app.ts";
import { findOrCreateGoogleUser } from "./google.ts";

const ORIGIN = "http://kindred.test";
const { app, db } = await createTestApp({ env: { PUBLIC_ORIGIN: ORIGIN } });
afterEach(() => app.scheduleClock.set(null));

let ipCounter = 0;
/** Each test asks from an address of its own, so the per-IP limit meets only the test about it. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const post = (url: string, payload: object, opts: { cookie?: string; ip?: string } = {}) =>
  app.inject({
    method: "POST",
    url,
    payload,
    remoteAddress: opts.ip ?? "127.0.0.1",
    headers: opts.cookie ? { cookie: opts.cookie } : {},
  });
const askReset = (email: string, ip = freshIp()) => post("/api/auth/password-reset", { email }, { ip });
const confirm = (token: string, password: string, cookie?: string) =>
  post("/api/auth/password-reset/confirm", { token, password }, { cookie });
const me = (cookie: string) => app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
const login = (username: string, password: string) =>
  post("/api/login", { username, password }, { ip: freshIp() });

const mailsTo = (to: string) =>
  db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(asc(mailOutbox.id));
const tokenIn = (text: string) => {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return match[1];
};
/** The mail is queued after the 202: polls the outbox until `to` has `count` mails of `kind`. */
async function queued(to: string, kind: string, count = 1) {
  for (const deadline = Date.now() + 10_000; ; await new Promise((r) => setTimeout(r, 20))) {
    const found = (await mailsTo(to)).filter((m) => m.kind === kind);
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`${found.length} of ${count} ${kind} mails to ${to}`);
  }
}
/** Asks for a reset of `email` and returns the token of the link mailed for it. */
async function resetToken(email: string): Promise<string> {
  const before = (await mailsTo(email)).filter((m) => m.kind === "password_reset").length;
  expect((await askReset(email)).statusCode).toBe(202);
  const last = (await queued(email, "password_reset", before + 1)).at(-1);
  return tokenIn(last?.text ?? "");
}

describe("asking for a reset", () => {
  it("answers a known and an unknown address alike, and mails only the account, with a link to this site", async () => {
    const user = await registerUser(app);
    const known = await askReset(user.email.toUpperCase());
    const unknown = await askReset("nobody-here@example.com");
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ message: PASSWORD_RESET_SENT });
    const [mail] = await queued(user.email, "password_reset");
    // Nothing is ever queued for an address with no account.
    expect(await mailsTo("nobody-here@example.com")).toEqual([]);
    expect(mail).toMatchObject({ userId: user.id, subject: "Reset your Kindred password" });
    expect(mail?.text).toMatch(/http:\/\/kindred\.test\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    expect(mail?.html).toContain(`${ORIGIN}/reset-password?token=${tokenIn(mail?.text ?? "")}`);
  });

  it("mails an account that signs in with Google only that it has no password, with no link", async () => {
    const google = await findOrCreateGoogleUser(db, {
      sub: "google-only-1",
      email: "googler@example.com",
      email_verified: true,
    });
    const res = await askReset("googler@example.com");
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_SENT });
    const mails = await queued(google.email, "reset_google_only");
    expect((await mailsTo(google.email)).map((m) => m.kind)).toEqual(["reset_google_only"]);
    expect(mails[0]?.text).toContain(`${ORIGIN}/auth`);
    expect(mails[0]?.text).not.toContain("token=");
  });

  it("refuses a few requests an hour per address, known or not, with the same answer", async () => {
    const user = await registerUser(app);
    const answers = async (email: string) => {
      const all = [];
      for (let i = 0; i <= RESETS_PER_EMAIL_PER_HOUR; i++) all.push(await askReset(email));
      return all;
    };
    const known = await answers(user.email);
    const unknown = await answers("no-account-either@example.com");
    for (const list of [known, unknown]) {
      expect(list.slice(0, -1).map((r) => r.statusCode)).toEqual(Array(RESETS_PER_EMAIL_PER_HOUR).fill(202));
      expect(list.at(-1)?.statusCode).toBe(429);
    }
    // The same sentence; the wait in seconds differs only by the time between the two runs.
    expect(unknown.at(-1)?.json().message).toBe(known.at(-1)?.json().message);
    expect(
      Math.abs(unknown.at(-1)?.json().retryAfterSeconds - known.at(-1)?.json().retryAfterSeconds),
    ).toBeLessThan(5);
    expect(known.at(-1)?.json()).toMatchObject({
      message: "Too many reset requests. Please try again in 60 minutes.",
    });
    await queued(user.email, "password_reset", RESETS_PER_EMAIL_PER_HOUR);
    expect((await mailsTo(user.email)).filter((m) => m.kind === "password_reset")).toHaveLength(
      RESETS_PER_EMAIL_PER_HOUR,
    );
  });

  it("refuses more requests an hour from one IP, whatever the addresses", async () => {
    const ip = freshIp();
    for (let i = 0; i < RESETS_PER_IP_PER_HOUR; i++)
      expect((await askReset(`someone${i}@example.com`, ip)).statusCode).toBe(202);
    const refused = await askReset("one-more@example.com", ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many reset requests\. Please try again in \d+ minutes?\.$/);
  });
});

describe("choosing a new password", () => {
  it("signs in, ends every other session, refuses the old password and mails 'password changed'", async () => {
    const user = await registerUser(app);
    const other = sessionCookie(await login(user.username, user.password));
    const token = await resetToken(user.email);
    const res = await confirm(token, "brand-new-pass");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, username: user.username, email: user.email });
    expect(res.body).not.toMatch(/argon2|passwordHash/);
    const fresh = sessionCookie(res);
    expect((await me(fresh)).statusCode).toBe(200);
    expect((await me(user.cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(user.username, user.password)).statusCode).toBe(401);
    expect((await login(user.username, "brand-new-pass")).statusCode).toBe(200);
    const changed = (await mailsTo(user.email)).filter((m) => m.kind === "password_changed");
    expect(changed).toHaveLength(1);
    expect(changed[0]?.subject).toBe("Your Kindred password was changed");
  });

  it("lifts the sign-in lock that forgetting the password led to", async () => {
    const user = await registerUser(app);
    // Guessing from several places until the account is locked (5 failures per account).
    for (let i = 0; i < 5; i++) expect((await login(user.username, `wrong-${i}`)).statusCode).toBe(401);
    expect((await login(user.username, user.password)).statusCode).toBe(429);
    expect((await confirm(await resetToken(user.email), "unlocked-pass")).statusCode).toBe(200);
    expect((await login(user.username, "unlocked-pass")).statusCode).toBe(200);
  });

  it("says whether a link works without using it up: 204 before, 400 once used or expired", async () => {
    const user = await registerUser(app);
    const token = await resetToken(user.email);
    const check = (t: string) =>
      app.inject({ method: "POST", url: "/api/auth/password-reset/check", payload: { token: t } });
    expect((await check(token)).statusCode).toBe(204);
    expect((await check(token)).statusCode).toBe(204);
    expect((await check("not-a-token")).json()).toEqual({ message: LINK_EXPIRED });
    app.scheduleClock.set(new Date(Date.now() + RESET_TOKEN_TTL_MS + 1000));
    expect((await check(token)).statusCode).toBe(400);
    app.scheduleClock.set(null);
    expect((await confirm(token, "checked-then-set")).statusCode).toBe(200);
    const used = await check(token);
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual({ message: LINK_EXPIRED });
  });

  it("works once: the same link again is refused", async () => {
    const user = await registerUser(app);
    const token = await resetToken(user.email);
    expect((await confirm(token, "first-new-pass")).statusCode).toBe(200);
    const again = await confirm(token, "second-new-pass");
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: LINK_EXPIRED });
    expect(again.cookies.find((c) => c.name === "kindred_session")).toBeUndefined();
    expect((await login(user.username, "first-new-pass")).statusCode).toBe(200);
  });

  it("refuses a link older than 30 minutes (by the test clock) and takes one just younger", async () => {
    const user = await registerUser(app);
    const old = await resetToken(user.email);
    app.scheduleClock.set(new Date(Date.now() + RESET_TOKEN_TTL_MS + 1000));
    expect((await confirm(old, "too-late-pass")).json()).toEqual({ message: LINK_EXPIRED });
    app.scheduleClock.set(null);
    const young = await resetToken(user.email);
    app.scheduleClock.set(new Date(Date.now() + RESET_TOKEN_TTL_MS - 60_000));
    expect((await confirm(young, "just-in-time")).statusCode).toBe(200);
  });

  it("voids an older link when a newer one is asked for", async () => {
    const user = await registerUser(app);
    const first = await resetToken(user.email);
    const second = await resetToken(user.email);
    expect(first).not.toBe(second);
    expect((await confirm(first, "from-first-link")).statusCode).toBe(400);
    expect((await confirm(second, "from-second-link")).statusCode).toBe(200);
  });

  it("touches only the account the link was for", async () => {
    const alice = await registerUser(app);
    const bob = await registerUser(app);
    const aliceToken = await resetToken(alice.email);
    const bobToken = await resetToken(bob.email);
    // Signed in as Bob, using Alice's link: Alice's account changes, Bob's browser session ends (it is
    // now Alice's), and nothing of Bob's account changes.
    const res = await confirm(aliceToken, "alice-new-pass", bob.cookie);
    expect(res.json()).toMatchObject({ id: alice.id });
    expect((await me(bob.cookie)).statusCode).toBe(401);
    expect((await login(bob.username, bob.password)).statusCode).toBe(200);
    expect((await confirm(bobToken, "bob-new-pass")).json()).toMatchObject({ id: bob.id });
  });

  it("refuses an unknown link and a password against the registration's rules", async () => {
    expect((await confirm("made-up-token", "whatever-pass")).json()).toEqual({ message: LINK_EXPIRED });
    const user = await registerUser(app);
    const token = await resetToken(user.email);
    const weak = await confirm(token, "12345");
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ message: "Password must be at least 6 characters", field: "password" });
    // The refused attempt did not use the link.
    expect((await confirm(token, "123456")).statusCode).toBe(200);
  });
});
