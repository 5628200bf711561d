import { UNSUBSCRIBE_INVALID } from "@kindred/shared/mail";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { notificationSettings } from "../../db/schema/push.ts";
import { createTestApp, registerUser } from "../../test/app.ts";
import { startSmtpSink } from "../../test/smtp-sink.ts";
import { MAIL_TYPE_OF, type NotificationMail } from "./kinds.ts";
import { queueMail } from "./outbox.ts";
import { UNSUBSCRIBED } from "./unsubscribe-routes.ts";

const sink = await startSmtpSink();
afterAll(() => sink.close());
const ORIGIN = "https://kindred.example";
const { app, db } = await createTestApp({
  env: { SMTP_URL: sink.url, PUBLIC_ORIGIN: ORIGIN, MAIL_SWEEP_MS: "600000" },
});

const missed: NotificationMail = { kind: "missed_call", callerName: "ann", at: new Date(), matchId: 7 };

async function mailTo(user: { id: number; email: string; username: string }, content: NotificationMail) {
  await db.transaction((tx) =>
    queueMail(tx, ORIGIN, { userId: user.id, to: user.email, username: user.username, content }),
  );
  app.mail.kick();
  return sink.waitFor(
    user.email,
    (m) => !!m.headers["list-unsubscribe"]?.endsWith(`type=${MAIL_TYPE_OF[content.kind]}>`),
  );
}

const settingsOf = async (userId: number) =>
  (await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)))[0];

describe("one-click unsubscribe (RFC 8058)", () => {
  it("puts List-Unsubscribe and List-Unsubscribe-Post on notification mail, and the page's link in it", async () => {
    const user = await registerUser(app);
    const mail = await mailTo(user, missed);
    const token = (await settingsOf(user.id))?.unsubscribeToken as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.headers["list-unsubscribe"]).toBe(
      `<${ORIGIN}/api/mail/unsubscribe?token=${token}&type=calls>`,
    );
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.text).toContain(`${ORIGIN}/unsubscribe?token=${token}&type=calls`);
    expect(mail.text).toContain(`${ORIGIN}/settings`);
    // The new settings row holds the defaults.
    expect(await settingsOf(user.id)).toMatchObject({
      mailCalls: true,
      mailReminders: true,
      mailMessages: true,
      mailNews: false,
    });
  });

  it("keeps one token per person across mails", async () => {
    const user = await registerUser(app);
    await mailTo(user, missed);
    const token = (await settingsOf(user.id))?.unsubscribeToken;
    const digest = await mailTo(user, { kind: "unread_digest", count: 2, fromNames: ["ann"] });
    expect(digest.headers["list-unsubscribe"]).toBe(
      `<${ORIGIN}/api/mail/unsubscribe?token=${token}&type=messages>`,
    );
  });

  it("turns that type off with the form body a mail client POSTs, without a session", async () => {
    const user = await registerUser(app);
    const mail = await mailTo(user, missed);
    const url = new URL(String(mail.headers["list-unsubscribe"]).slice(1, -1));
    const res = await app.inject({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: UNSUBSCRIBED });
    expect(await settingsOf(user.id)).toMatchObject({
      mailCalls: false,
      mailReminders: true,
      mailMessages: true,
    });
    // Again (a client retrying), and from the web page with no body: the same answer.
    const again = await app.inject({ method: "POST", url: `${url.pathname}${url.search}` });
    expect(again.statusCode).toBe(200);
  });

  it("refuses a token it does not know, and a type that does not exist", async () => {
    const res = await app.inject({ method: "POST", url: "/api/mail/unsubscribe?token=nope&type=calls" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UNSUBSCRIBE_INVALID);
    const user = await registerUser(app);
    await mailTo(user, missed);
    const token = (await settingsOf(user.id))?.unsubscribeToken as string;
    const badType = await app.inject({
      method: "POST",
      url: `/api/mail/unsubscribe?token=${token}&type=everything`,
    });
    expect(badType.statusCode).toBe(400);
    expect((await settingsOf(user.id))?.mailCalls).toBe(true);
  });
});
