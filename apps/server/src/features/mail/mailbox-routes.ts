// The development mailbox (no SMTP_URL): the kept mail, as pages. It shows reset links, so it answers
// only a browser on this machine talking to the server directly (loopback, no proxy headers); to
// anyone else it does not exist (404). Its pages live outside /api, beside the web app.
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import { mailOutbox } from "../../db/schema/mail.ts";
import { notFound } from "../../lib/http-error.ts";
import { sendHttpError } from "../../plugins/errors.ts";
import { escapeHtml as esc } from "./layout.ts";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
const LISTED = 200;

/** Loopback, and not relayed: a proxy on this machine would make every visitor look local. */
export function fromThisMachine(request: FastifyRequest): boolean {
  const h = request.headers;
  return LOOPBACK.has(request.socket.remoteAddress ?? "") && !h["x-forwarded-for"] && !h.forwarded;
}

/** The mail's own HTML: its inline styles, its data: images, nothing that runs; framed by the mailbox only. */
const MAIL_HTML_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#fafaf9;color:#1c1917}
main{max-width:960px;margin:0 auto;padding:24px}h1{color:#e11d48;font-size:22px}
table{border-collapse:collapse;width:100%;background:#fff}td,th{border-bottom:1px solid #e7e5e4;padding:8px;text-align:left;font-size:14px}
a{color:#be123c}pre{white-space:pre-wrap;background:#fff;border:1px solid #e7e5e4;padding:12px;font-size:13px}
iframe{width:100%;height:720px;border:1px solid #e7e5e4;background:#fff}dt{font-weight:600}dd{margin:0 0 8px}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const when = (d: Date) => d.toISOString().replace("T", " ").slice(0, 19);

function idOf(request: FastifyRequest): number | null {
  const raw = (request.params as { id?: string }).id ?? "";
  const id = Number(raw);
  return /^\d{1,9}$/.test(raw) && id > 0 ? id : null;
}

export async function mailboxRoutes(app: FastifyInstance, opts: { pageHeaders: onRequestHookHandler }) {
  app.addHook("onRequest", opts.pageHeaders);
  app.addHook("onRequest", async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (!fromThisMachine(request)) return sendHttpError(reply, notFound());
  });

  const find = async (request: FastifyRequest, reply: FastifyReply) => {
    const id = idOf(request);
    const [row] = id ? await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)) : [];
    if (!row) sendHttpError(reply, notFound("There is no mail with that number in the development mailbox."));
    return row;
  };

  app.get("/dev/mailbox", { schema: { hide: true } }, async (_request, reply) => {
    const rows = await app.db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        kind: mailOutbox.kind,
        createdAt: mailOutbox.createdAt,
        outcome: mailOutbox.outcome,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.id))
      .limit(LISTED);
    const list = rows
      .map(
        (r) =>
          `<tr><td>${when(r.createdAt)}</td><td>${esc(r.to)}</td><td><a href="/dev/mailbox/${r.id}">${esc(r.subject)}</a></td><td>${esc(r.kind)}</td><td>${esc(r.outcome ?? "queued")}</td></tr>`,
      )
      .join("");
    const body = rows.length
      ? `<table><thead><tr><th>Time (UTC)</th><th>To</th><th>Subject</th><th>Kind</th><th>State</th></tr></thead><tbody>${list}</tbody></table>`
      : "<p>No mail yet. Mail Kindred sends appears here while SMTP_URL is not set.</p>";
    return reply
      .type("text/html; charset=utf-8")
      .send(
        page(
          "Development mailbox · Kindred",
          `<h1>Development mailbox</h1><p>SMTP_URL is not set, so Kindred keeps its mail here instead of sending it. Newest first.</p>${body}`,
        ),
      );
  });

  app.get("/dev/mailbox/:id", { schema: { hide: true } }, async (request, reply) => {
    const row = await find(request, reply);
    if (!row) return reply;
    const headers = Object.entries(row.headers)
      .map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`)
      .join("");
    const body = `<p><a href="/dev/mailbox">← All mail</a></p><h1>${esc(row.subject)}</h1>
<dl><dt>To</dt><dd>${esc(row.toAddress)}</dd><dt>Kind</dt><dd>${esc(row.kind)}</dd><dt>Queued</dt><dd>${when(row.createdAt)} UTC</dd>${headers}</dl>
<h2>HTML</h2><iframe title="The mail's HTML" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" src="/dev/mailbox/${row.id}/html"></iframe>
<h2>Plain text</h2><pre>${esc(row.text)}</pre>`;
    return reply.type("text/html; charset=utf-8").send(page(`${row.subject} · Development mailbox`, body));
  });

  app.get("/dev/mailbox/:id/html", { schema: { hide: true } }, async (request, reply) => {
    const row = await find(request, reply);
    if (!row) return reply;
    // Its links open in the mailbox's tab, not inside the frame.
    const html = row.html.replace(/<head>/i, '<head><base target="_top">');
    return reply
      .header("content-security-policy", MAIL_HTML_CSP)
      .header("x-frame-options", "SAMEORIGIN")
      .type("text/html; charset=utf-8")
      .send(html);
  });
}
