// SMTP out: one pooled nodemailer transport per process, and what a failure means for the outbox row.
import nodemailer from "nodemailer";
import type { MailOutboxRow } from "../../db/schema/mail.ts";

export interface MailTransport {
  /** Resolves once the SMTP server has accepted the mail; rejects with nodemailer's error. */
  send(row: MailOutboxRow): Promise<void>;
  close(): void;
}

/** Bounds on one send, so a stuck server costs a retry, never a lease (sender.ts) or a shutdown. */
const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

export function smtpTransport(opts: { url: string; from: string; origin: string }): MailTransport {
  const transporter = nodemailer.createTransport({
    url: opts.url,
    pool: true,
    maxConnections: 5,
    maxMessages: 100,
    // The outbox retries durably; the pool's own requeue would only add a second, untracked send.
    maxRequeues: 0,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: GREETING_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  const host = new URL(opts.origin).hostname;
  return {
    async send(row) {
      await transporter.sendMail({
        from: opts.from,
        to: row.toAddress,
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: row.headers,
        // One id per outbox row: a copy sent twice (a crash between send and mark) is recognisably the same.
        messageId: outboxMessageId(row.id, host),
      });
    },
    close: () => transporter.close(),
  };
}

export function outboxMessageId(id: number, host: string): string {
  return `<outbox-${id}@${host}>`;
}

interface SmtpError {
  code?: string;
  responseCode?: number;
  message?: string;
}

/**
 * 'failed' when trying again would get the same answer: a 5xx reply, except 503 (bad sequence: the
 * session, not the mail, was wrong), as nodemailer 10 itself judges (errors.js isPermanentResponseCode).
 * Everything else (4xx, connection, timeout, TLS, authentication an operator may fix) is retried.
 */
export function classifySmtpError(error: unknown): "retry" | "failed" {
  const code = (error as SmtpError | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600 && code !== 503 ? "failed" : "retry";
}

/** The error in a line for the log and the row: code and reply, never the mail's body or links. */
export function describeSmtpError(error: unknown): string {
  const e = (error ?? {}) as SmtpError;
  const parts = [e.code, e.responseCode, e.message?.split("\n")[0]?.slice(0, 200)].filter(
    (p) => p !== undefined && p !== "",
  );
  return parts.length > 0 ? parts.join(" ") : String(error).slice(0, 200);
}
