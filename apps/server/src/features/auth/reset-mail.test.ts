// The whole reset flow through a real SMTP server on loopback: the request, the mail as it arrives,
// its link, the new password, the old sessions and their sockets ended, 'password changed' delivered.
import { PASSWORD_RESET_SENT } from "@kindred/shared/mail";
import { CLOSE } from "@kindred/shared/socket-limits";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, registerUser, sessionCookie } from "../../test/app.ts";
import { startSmtpSink } from "../../test/smtp-sink.ts";
import { listen, TestSocket } from "../../test/sockets.ts";

const sink = await startSmtpSink();
// Registered first so it runs last (hooks unwind like a stack): after the app has closed its SMTP pool,
// else the sink would wait for that idle connection to time out.
afterAll(() => sink.close());
const ORIGIN = "http://kindred.test";
const { app } = await createTestApp({ env: { SMTP_URL: sink.url, PUBLIC_ORIGIN: ORIGIN } });
const base = await listen(app);

const post = (url: string, payload: object, cookie?: string) =>
  app.inject({ method: "POST", url, payload, headers: cookie ? { cookie } : {} });
const me = (cookie: string) => app.inject({ method: "GET", url: "/api/user", headers: { cookie } });

describe("a forgotten password, by mail", () => {
  it("mails a link that sets a new password, signs in and ends every other session and socket", async () => {
    const user = await registerUser(app);
    const socket = await TestSocket.open(base, "/ws", { cookie: user.cookie, origin: ORIGIN });

    const asked = await post("/api/auth/password-reset", { email: user.email });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: PASSWORD_RESET_SENT });
    const mail = await sink.waitFor(user.email, (m) => m.subject === "Reset your Kindred password");
    const link = /http:\/\/kindred\.test\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    if (!link) throw new Error(`no link in the mail: ${mail.text}`);
    expect(mail.html).toContain(link);
    const token = new URL(link).searchParams.get("token") ?? "";

    const done = await post("/api/auth/password-reset/confirm", { token, password: "chosen-anew" });
    expect(done.statusCode).toBe(200);
    expect((await me(sessionCookie(done))).json()).toMatchObject({ id: user.id });
    expect((await me(user.cookie)).statusCode).toBe(401);
    expect((await socket.closed).code).toBe(CLOSE.signedOut);

    const changed = await sink.waitFor(user.email, (m) => m.subject === "Your Kindred password was changed");
    expect(changed.text).not.toContain("token=");
    expect((await post("/api/login", { username: user.username, password: user.password })).statusCode).toBe(
      401,
    );
    expect((await post("/api/login", { username: user.username, password: "chosen-anew" })).statusCode).toBe(
      200,
    );
  });

  it("sends the verification mail on sign-up", async () => {
    const user = await registerUser(app);
    const mail = await sink.waitFor(user.email, (m) => m.subject === "Confirm your email address");
    expect(mail.text).toMatch(/http:\/\/kindred\.test\/verify-email\?token=[A-Za-z0-9_-]{43}/);
  });

  it("changing the password in the settings closes the other sessions' sockets, not this one's", async () => {
    const user = await registerUser(app);
    const other = sessionCookie(
      await post("/api/login", { username: user.username, password: user.password }),
    );
    const here = await TestSocket.open(base, "/ws", { cookie: user.cookie, origin: ORIGIN });
    const there = await TestSocket.open(base, "/ws", { cookie: other, origin: ORIGIN });
    const res = await app.inject({
      method: "PUT",
      url: "/api/user/password",
      payload: { currentPassword: user.password, newPassword: "settings-changed" },
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect((await there.closed).code).toBe(CLOSE.signedOut);
    expect(here.ws.readyState).toBe(here.ws.OPEN);
    here.ws.close();
    await sink.waitFor(user.email, (m) => m.subject === "Your Kindred password was changed");
  });
});
