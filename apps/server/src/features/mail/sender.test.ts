import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema/mail.ts";
import { createTestApp } from "../../test/app.ts";
import { captureLogLines } from "../../test/log-lines.ts";
import { startSmtpSink } from "../../test/smtp-sink.ts";
import type { MailContent } from "./kinds.ts";
import { claimDueMail, queueMail } from "./outbox.ts";
import { MAIL_LEASE_MS, MailSender } from "./sender.ts";
import { smtpTransport } from "./transport.ts";

const sink = await startSmtpSink();
afterAll(() => sink.close());
const ORIGIN = "https://kindred.example";
const { lines, stream } = captureLogLines();
// Sweeps too rarely to matter: what is sent, a kick (or a test's own sender) sent.
const { app, db } = await createTestApp({
  env: {
    SMTP_URL: sink.url,
    PUBLIC_ORIGIN: ORIGIN,
    MAIL_FROM: "Kindred <mail@kindred.example>",
    MAIL_SWEEP_MS: "600000",
  },
  logger: { level: "info", stream },
});

let n = 0;
const address = () => `to${process.pid}x${++n}@example.com`;
const reset: MailContent = { kind: "password_reset", link: `${ORIGIN}/reset-password?token=abc` };

/** Queues as a feature does: in a transaction, then a kick after the commit. */
async function queue(to: string, content: MailContent = reset, dedupeKey?: string) {
  const id = await db.transaction((tx) =>
    queueMail(tx, ORIGIN, { userId: null, to, username: "sam", content, dedupeKey }),
  );
  app.mail.kick();
  return id;
}

const rowOf = async (id: number) => (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

async function until<T>(read: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Another sender on the same outbox whose "now" the test sets: time passes without waiting. */
function senderAt(now: Date) {
  const transport = smtpTransport({ url: sink.url, from: "Kindred <mail@kindred.example>", origin: ORIGIN });
  return new MailSender({ db, log: app.log, transport, origin: ORIGIN, sweepMs: 600_000, clock: () => now });
}

async function drainAt(now: Date) {
  const sender = senderAt(now);
  await sender.drain();
  await sender.stop();
}

const copies = (to: string) => sink.received.filter((m) => m.to.includes(to)).length;

describe("the mail sender", () => {
  it("sends a queued mail once, with HTML, text, From and a Message-ID naming its outbox row", async () => {
    const to = address();
    const id = (await queue(to)) as number;
    const mail = await sink.waitFor(to);
    expect(mail.subject).toBe("Reset your Kindred password");
    expect(mail.from).toContain("mail@kindred.example");
    expect(mail.html).toContain(`${ORIGIN}/reset-password?token=abc`);
    expect(mail.text).toContain(`${ORIGIN}/reset-password?token=abc`);
    expect(mail.messageId).toBe(`<outbox-${id}@kindred.example>`);
    const row = await until(async () => (await rowOf(id))?.doneAt && rowOf(id));
    // Sent, its body is not kept: the link in it is as good as a password until it expires.
    expect(row).toMatchObject({ outcome: "sent", attempts: 1, html: "", text: "", headers: {} });
    // Later passes, even far in the future, find nothing more to send.
    await drainAt(new Date(Date.now() + 24 * 3600_000));
    expect(copies(to)).toBe(1);
  });

  it("queues a dedupe key once", async () => {
    const to = address();
    const key = `test-dedupe-${to}`;
    expect(await queue(to, reset, key)).toBeTypeOf("number");
    expect(await queue(to, reset, key)).toBeNull();
    await sink.waitFor(to);
    expect((await db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, key))).length).toBe(1);
  });

  it("retries a 451 after a backoff, then delivers it once", async () => {
    const to = address();
    sink.failNext(451);
    const id = (await queue(to)) as number;
    const retried = await until(async () => {
      const row = await rowOf(id);
      return row?.lastError && row.attempts === 1 ? row : null;
    });
    expect(retried.doneAt).toBeNull();
    expect(retried.lastError).toContain("451");
    const wait = retried.nextAttemptAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(20_000);
    expect(wait).toBeLessThanOrEqual(30_000);
    // Not before its time: a pass now sends nothing.
    await drainAt(new Date());
    expect(copies(to)).toBe(0);
    await drainAt(new Date(retried.nextAttemptAt.getTime() + 1));
    await sink.waitFor(to);
    expect(await rowOf(id)).toMatchObject({ outcome: "sent", attempts: 2 });
    expect(copies(to)).toBe(1);
  });

  it("marks a 550 failed at once and logs the outbox id, kind and error, never the body", async () => {
    const to = address();
    sink.failNext(550);
    const id = (await queue(to)) as number;
    const row = await until(async () => (await rowOf(id))?.doneAt && rowOf(id));
    expect(row).toMatchObject({ outcome: "failed", attempts: 1, html: "", text: "" });
    const line = lines.find((l) => l.mail === id);
    expect(line).toMatchObject({ level: 40, kind: "password_reset", attempts: 1 });
    expect(String(line?.error)).toContain("550");
    expect(JSON.stringify(line)).not.toContain("token=abc");
    await drainAt(new Date(Date.now() + 24 * 3600_000));
    expect(copies(to)).toBe(0);
  });

  it("sends a row claimed by an instance that died, once its lease has ended", async () => {
    const to = address();
    const id = (await db.transaction((tx) =>
      queueMail(tx, ORIGIN, { userId: null, to, username: "sam", content: reset }),
    )) as number;
    // An instance claims it and dies before sending or marking it.
    const claimedAt = new Date();
    const claimed = await claimDueMail(db, claimedAt, 50, MAIL_LEASE_MS);
    expect(claimed.map((r) => r.id)).toContain(id);
    // While the lease runs, no one sends it.
    await drainAt(new Date(claimedAt.getTime() + MAIL_LEASE_MS - 1_000));
    expect(copies(to)).toBe(0);
    await drainAt(new Date(claimedAt.getTime() + MAIL_LEASE_MS + 1));
    await sink.waitFor(to);
    expect(await rowOf(id)).toMatchObject({ outcome: "sent", attempts: 2 });
    expect(copies(to)).toBe(1);
  });
});
