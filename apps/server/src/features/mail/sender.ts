import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import type { MailOutboxRow } from "../../db/schema/mail.ts";
import { claimDueMail, closeMail, retryMailAt } from "./outbox.ts";
import { classifySmtpError, describeSmtpError, type MailTransport } from "./transport.ts";

export interface MailSenderOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** null: no SMTP_URL, so mail is kept for the development mailbox, never sent. */
  transport: MailTransport | null;
  /** The origin of the development mailbox's links in the log. */
  origin: string;
  sweepMs: number;
  /** "Now" for claims and backoff; tests move it instead of waiting. */
  clock?: () => Date;
}

const BATCH = 20;
/** A claimed row is not claimed again for this long: well beyond one send's timeouts (transport.ts). */
export const MAIL_LEASE_MS = 2 * 60_000;
export const MAIL_MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/** 30 s, 1 min, 2 min, … after the 1st, 2nd, 3rd try; never more than an hour. */
export function mailBackoffMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/**
 * Sends the mail outbox. Every instance sweeps every `sweepMs`, and `kick()` starts a pass at once.
 * A row is claimed (locked with SKIP LOCKED and leased) before it is sent and closed after, so two
 * instances never send it while its lease runs. The window left is at-least-once: a process that dies
 * after the SMTP server accepted a mail but before closing its row has it sent again when the lease
 * ends; its Message-ID (outbox-<id>@host) is the same, so the copy is recognisable.
 */
export class MailSender {
  private sweeper: ReturnType<typeof setInterval> | null = null;
  private passing: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly now: () => Date;

  constructor(private readonly opts: MailSenderOptions) {
    this.now = opts.clock ?? (() => new Date());
  }

  start(): void {
    this.sweeper = setInterval(() => this.kick(), this.opts.sweepMs);
    this.sweeper.unref();
    this.kick();
  }

  /** Stops sweeping and waits for the pass under way, so every claimed row is closed or left to its lease. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweeper) clearInterval(this.sweeper);
    await this.passing;
    this.opts.transport?.close();
  }

  /** Sends what is due now. Coalesced: a kick during a pass runs one more pass after it, never two at once. */
  kick(): void {
    if (this.stopped) return;
    if (this.passing) {
      this.again = true;
      return;
    }
    this.passing = this.passes().finally(() => {
      this.passing = null;
    });
  }

  /** Kicks and resolves when the outbox has nothing more due (tests). */
  async drain(): Promise<void> {
    this.kick();
    while (this.passing) await this.passing;
  }

  private async passes(): Promise<void> {
    do {
      this.again = false;
      try {
        while (!this.stopped && (await this.pass()) === BATCH) {}
      } catch (error) {
        this.opts.log.error({ err: error }, "mail: sending the outbox failed");
      }
    } while (this.again && !this.stopped);
  }

  /** Claims one batch and sends (or keeps) it; returns how many rows it claimed. */
  private async pass(): Promise<number> {
    const claimed = await claimDueMail(this.opts.db, this.now(), BATCH, MAIL_LEASE_MS);
    await Promise.allSettled(claimed.map((row) => this.handle(row)));
    return claimed.length;
  }

  private async handle(row: MailOutboxRow): Promise<void> {
    const { transport } = this.opts;
    if (!transport) return this.keep(row);
    try {
      await transport.send(row);
    } catch (error) {
      return this.failed(row, error);
    }
    await closeMail(this.opts.db, row.id, "sent", this.now());
  }

  /** No SMTP_URL: closed as 'kept', and its first link logged once, so a flow works from the log alone. */
  private async keep(row: MailOutboxRow): Promise<void> {
    await closeMail(this.opts.db, row.id, "kept", this.now());
    const link = row.text.match(/https?:\/\/\S+/)?.[0];
    this.opts.log.info(
      `mail kept for the development mailbox: to=${row.toAddress} subject=${row.subject} ${this.opts.origin}/dev/mailbox/${row.id}${link ? ` link=${link}` : ""}`,
    );
  }

  private async failed(row: MailOutboxRow, error: unknown): Promise<void> {
    const now = this.now();
    const reason = describeSmtpError(error);
    if (classifySmtpError(error) === "failed" || row.attempts >= MAIL_MAX_ATTEMPTS) {
      this.opts.log.warn(
        { mail: row.id, kind: row.kind, attempts: row.attempts, error: reason },
        "mail: giving up on a mail",
      );
      return closeMail(this.opts.db, row.id, "failed", now, reason);
    }
    const at = new Date(now.getTime() + mailBackoffMs(row.attempts));
    await retryMailAt(this.opts.db, row.id, at, reason);
  }
}
