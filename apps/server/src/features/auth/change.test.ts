import { emailChangeSentMessage, LINK_EXPIRED, WRONG_PASSWORD } from "@kindred/shared/mail";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema/mail.ts";
import { createTestApp, registerUser, sessionCookie } from "../../test/app.ts";
import { GOOGLE_ONLY_EMAIL, SAME_EMAIL } from "./email-routes.ts";
import { findOrCreateGoogleUser } from "./google.ts";
import { createSession } from "./mutations.ts";
import { GOOGLE_ONLY_PASSWORD } from "./password-routes.ts";
import { takenMessage } from "./routes.ts";

const ORIGIN = "http://kindred.test";
const { app, db } = await createTestApp({ env: { PUBLIC_ORIGIN: ORIGIN } });

const put = (url: string, payload: object, cookie: string) =>
  app.inject({ method: "PUT", url, payload, headers: { cookie } });
const changeEmail = (cookie: string, email: string, currentPassword: string) =>
  put("/api/user/email", { email, currentPassword }, cookie);
const changePassword = (cookie: string, currentPassword: string, newPassword: string) =>
  put("/api/user/password", { currentPassword, newPassword }, cookie);
const verify = (token: string) =>
  app.inject({ method: "POST", url: "/api/auth/verify-email", payload: { token } });
const me = (cookie: string) => app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
const login = (username: string, password: string) =>
  app.inject({ method: "POST", url: "/api/login", payload: { username, password } });

const mails = (to: string, kind: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)))
    .orderBy(asc(mailOutbox.id));
const linkToken = (text = "") => {
  const token = /http:\/\/kindred\.test\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no link in: ${text}`);
  return token;
};
/** A signed-in account that has no password (Google only). */
async function googleOnly(sub: string) {
  const row = await findOrCreateGoogleUser(db, { sub, email: `${sub}@example.com`, email_verified: true });
  return { ...row, cookie: `kindred_session=${await createSession(db, row.id)}` };
}

describe("changing the email address", () => {
  it("mails a link to the new address and a notice to the old; the address changes when it is opened", async () => {
    const user = await registerUser(app);
    const res = await changeEmail(user.cookie, "New.Home@Example.com", user.password);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: emailChangeSentMessage("new.home@example.com") });
    expect((await me(user.cookie)).json()).toMatchObject({ email: user.email });

    const [confirm] = await mails("new.home@example.com", "email_change_confirm");
    expect(confirm).toMatchObject({ userId: user.id, subject: "Confirm your new email address" });
    const [notice] = await mails(user.email, "email_change_notice");
    expect(notice?.text).toContain("new.home@example.com");
    expect(notice?.text).not.toContain("token=");

    const done = await verify(linkToken(confirm?.text));
    expect(done.json()).toEqual({ email: "new.home@example.com", emailVerified: true });
    expect((await me(user.cookie)).json()).toMatchObject({
      email: "new.home@example.com",
      emailVerified: true,
    });
    // The sign-up link, made for the old address, no longer vouches for anything.
    const [signUp] = await mails(user.email, "verify_email");
    expect((await verify(linkToken(signUp?.text))).json()).toEqual({ message: LINK_EXPIRED });
    expect((await verify(linkToken(confirm?.text))).statusCode).toBe(400);
  });

  it("refuses a wrong current password, the same address and one another account has", async () => {
    const user = await registerUser(app);
    const other = await registerUser(app);
    const wrong = await changeEmail(user.cookie, "fine@example.com", "not-my-password");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: WRONG_PASSWORD, field: "currentPassword" });
    const same = await changeEmail(user.cookie, user.email.toUpperCase(), user.password);
    expect(same.json()).toEqual({ message: SAME_EMAIL, field: "email" });
    const taken = await changeEmail(user.cookie, other.email, user.password);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: takenMessage.email, field: "email" });
    expect(await mails("fine@example.com", "email_change_confirm")).toEqual([]);
  });

  it("answers 409 when another account took the address before the link was opened, and changes nothing", async () => {
    const user = await registerUser(app);
    expect((await changeEmail(user.cookie, "contested@example.com", user.password)).statusCode).toBe(202);
    const [confirm] = await mails("contested@example.com", "email_change_confirm");
    await registerUser(app, { email: "contested@example.com" });
    const res = await verify(linkToken(confirm?.text));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: takenMessage.email });
    expect((await me(user.cookie)).json()).toMatchObject({ email: user.email });
  });

  it("tells an account with no password that it cannot change its address here", async () => {
    const google = await googleOnly("g-change-email");
    const res = await changeEmail(google.cookie, "elsewhere@example.com", "anything");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: GOOGLE_ONLY_EMAIL, field: "currentPassword" });
  });
});

describe("changing the password", () => {
  it("keeps this session, ends every other one, and mails 'password changed'", async () => {
    const user = await registerUser(app);
    const elsewhere = sessionCookie(await login(user.username, user.password));
    const res = await changePassword(user.cookie, user.password, "another-secret");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await login(user.username, user.password)).statusCode).toBe(401);
    expect((await login(user.username, "another-secret")).statusCode).toBe(200);
    expect(await mails(user.email, "password_changed")).toHaveLength(1);
  });

  it("voids a reset link asked for before", async () => {
    const user = await registerUser(app);
    await app.inject({ method: "POST", url: "/api/auth/password-reset", payload: { email: user.email } });
    // Queued just after the 202.
    let [reset] = await mails(user.email, "password_reset");
    while (!reset) {
      await new Promise((r) => setTimeout(r, 20));
      [reset] = await mails(user.email, "password_reset");
    }
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(reset?.text ?? "")?.[1] ?? "";
    expect((await changePassword(user.cookie, user.password, "changed-in-settings")).statusCode).toBe(200);
    const late = await app.inject({
      method: "POST",
      url: "/api/auth/password-reset/confirm",
      payload: { token, password: "from-the-old-link" },
    });
    expect(late.json()).toEqual({ message: LINK_EXPIRED });
  });

  it("refuses a wrong current password, a weak new one, and an account with no password", async () => {
    const user = await registerUser(app);
    const wrong = await changePassword(user.cookie, "nope-nope", "another-secret");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: WRONG_PASSWORD, field: "currentPassword" });
    const weak = await changePassword(user.cookie, user.password, "123");
    expect(weak.json()).toEqual({ message: "Password must be at least 6 characters", field: "newPassword" });
    expect((await login(user.username, user.password)).statusCode).toBe(200);
    const google = await googleOnly("g-change-password");
    const none = await changePassword(google.cookie, "anything", "another-secret");
    expect(none.json()).toEqual({ message: GOOGLE_ONLY_PASSWORD, field: "currentPassword" });
  });

  it("needs a session", async () => {
    expect((await changePassword("", "a", "another-secret")).statusCode).toBe(401);
  });
});
