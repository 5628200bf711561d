import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema/mail.ts";
import { createTestApp } from "../../test/app.ts";
import { captureLogLines } from "../../test/log-lines.ts";
import { queueMail } from "./outbox.ts";

// No SMTP_URL and no PUBLIC_ORIGIN: mail is kept, and its links are this machine's (mailOrigin).
const { lines, stream } = captureLogLines();
const { app, db } = await createTestApp({ env: { PORT: "5123" }, logger: { level: "info", stream } });
const ORIGIN = "http://localhost:5123";

async function keptMail(username = "sam") {
  const to = `kept${Math.floor(Math.random() * 1e9)}@example.com`;
  const id = (await db.transaction((tx) =>
    queueMail(tx, ORIGIN, {
      userId: null,
      to,
      username,
      content: { kind: "password_reset", link: `${ORIGIN}/reset-password?token=tok${to}` },
    }),
  )) as number;
  app.mail.kick();
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (row?.doneAt) return { id, to, row };
    if (Date.now() > deadline) throw new Error("the mail was never kept");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("the development mailbox (no SMTP_URL)", () => {
  it("keeps a mail instead of sending it, and logs its mailbox page and first link once", async () => {
    const { id, to, row } = await keptMail();
    expect(row.outcome).toBe("kept");
    // The row is closed, then the line logged: the poll above can see the one before the other.
    const loggedLines = () => lines.filter((l) => String(l.msg).includes(`/dev/mailbox/${id}`));
    await expect.poll(() => loggedLines().length).toBeGreaterThan(0);
    const logged = loggedLines();
    expect(logged).toHaveLength(1);
    expect(logged[0]?.msg).toBe(
      `mail kept for the development mailbox: to=${to} subject=Reset your Kindred password ${ORIGIN}/dev/mailbox/${id} link=${ORIGIN}/reset-password?token=tok${to}`,
    );
  });

  it("lists the mail newest first and shows each one's headers, text and HTML", async () => {
    const first = await keptMail();
    const second = await keptMail("<b>x</b>");
    const list = await app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(list.statusCode).toBe(200);
    expect(list.headers["content-type"]).toContain("text/html");
    expect(list.body.indexOf(second.to)).toBeGreaterThan(-1);
    expect(list.body.indexOf(second.to)).toBeLessThan(list.body.indexOf(first.to));
    expect(list.body).toContain(`href="/dev/mailbox/${second.id}"`);

    const one = await app.inject({ method: "GET", url: `/dev/mailbox/${second.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain("Reset your Kindred password");
    expect(one.body).toContain(`src="/dev/mailbox/${second.id}/html"`);
    expect(one.body).toContain("Hi &lt;b&gt;x&lt;/b&gt;,");
    expect(one.body).not.toContain("<b>x</b>");
    // Framed by the mailbox's own page (helmet: frame-ancestors 'self').
    expect(String(one.headers["content-security-policy"])).toContain("frame-ancestors 'self'");

    const html = await app.inject({ method: "GET", url: `/dev/mailbox/${second.id}/html` });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain(`href="${ORIGIN}/reset-password?token=tok${second.to}"`);
    expect(String(html.headers["content-security-policy"])).toContain("default-src 'none'");
    expect(html.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("answers 404 for an unknown mail", async () => {
    for (const url of ["/dev/mailbox/999999", "/dev/mailbox/abc", "/dev/mailbox/999999/html"]) {
      expect((await app.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
  });

  it("does not exist for another machine, or through a proxy", async () => {
    const { id } = await keptMail();
    for (const url of ["/dev/mailbox", `/dev/mailbox/${id}`, `/dev/mailbox/${id}/html`]) {
      const remote = await app.inject({ method: "GET", url, remoteAddress: "203.0.113.9" });
      expect(remote.statusCode, url).toBe(404);
      expect(remote.body).not.toContain("Reset");
      const forwarded = await app.inject({
        method: "GET",
        url,
        headers: { "x-forwarded-for": "203.0.113.9" },
      });
      expect(forwarded.statusCode, url).toBe(404);
      const rfc7239 = await app.inject({ method: "GET", url, headers: { forwarded: "for=203.0.113.9" } });
      expect(rfc7239.statusCode, url).toBe(404);
    }
    for (const remoteAddress of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      expect((await app.inject({ method: "GET", url: "/dev/mailbox", remoteAddress })).statusCode).toBe(200);
    }
  });
});

describe("with SMTP_URL", async () => {
  const { app: sending } = await createTestApp({
    env: { SMTP_URL: "smtp://127.0.0.1:9", MAIL_SWEEP_MS: "600000" },
  });
  it("has no development mailbox", async () => {
    expect((await sending.inject({ method: "GET", url: "/dev/mailbox" })).statusCode).toBe(404);
  });
});
