// A real SMTP server on 127.0.0.1 for tests (Vitest, and browser tests' own apps): it accepts every
// mail, parses it with mailparser, and keeps it for the test to read. `failNext` makes it refuse the
// next deliveries with a given SMTP reply code (451: try later; 550: never).
import type { AddressInfo } from "node:net";
import { type AddressObject, type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** RCPT TO of the envelope. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Lower-case header name → its raw value (as sent, unfolded). */
  headers: Record<string, string>;
  messageId: string | undefined;
  parsed: ParsedMail;
}

export interface SmtpSink {
  port: number;
  /** For SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Resolves with the first mail to `to` (case-insensitive) that `match` accepts, polling what arrived. */
  waitFor(to: string, match?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Refuses the next `count` mails with `code` (e.g. 451 or 550). */
  failNext(code: number, count?: number): void;
  close(): Promise<void>;
}

const addressText = (a: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(a) ? a : a ? [a] : []).map((x) => x.text).join(", ");

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let failures: { code: number; count: number } | null = null;
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          if (failures && failures.count > 0) {
            failures.count -= 1;
            const err = Object.assign(new Error(failures.code >= 500 ? "No such user" : "Try again later"), {
              responseCode: failures.code,
            });
            return callback(err);
          }
          const headers: Record<string, string> = {};
          for (const line of parsed.headerLines)
            headers[line.key] = line.line.slice(line.key.length + 1).trim();
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: addressText(parsed.from),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            headers,
            messageId: parsed.messageId,
            parsed,
          });
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const bound = (server.server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    received,
    async waitFor(to, match = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((m) => m.to.includes(to.toLowerCase()) && match(m));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    failNext(code, count = 1) {
      failures = { code, count };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
