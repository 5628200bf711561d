import type { FastifyInstance, onRequestHookHandler } from "fastify";
import fp from "fastify-plugin";
import { mailOrigin } from "../../lib/public-origin.ts";
import { mailboxRoutes } from "./mailbox-routes.ts";
import { MailSender } from "./sender.ts";
import { smtpTransport } from "./transport.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Mail. `kick()` after committing queueMail's outbox rows sends them now, not at the next sweep. */
    mail: { kick(): void };
  }
}

/**
 * The mail sender: sweeps the outbox on every instance from onReady, stopped before the database
 * closes. With no SMTP_URL nothing is sent: mail is kept and shown at /dev/mailbox (this machine only).
 */
export const mailPlugin = fp(async (app: FastifyInstance, opts: { pageHeaders: onRequestHookHandler }) => {
  const { env } = app;
  const origin = mailOrigin(env);
  const transport = env.SMTP_URL ? smtpTransport({ url: env.SMTP_URL, from: env.MAIL_FROM, origin }) : null;
  const sender = new MailSender({ db: app.db, log: app.log, transport, origin, sweepMs: env.MAIL_SWEEP_MS });
  app.decorate("mail", { kick: () => sender.kick() });
  if (!transport) {
    if (env.NODE_ENV === "production")
      app.log.warn(
        `mail: SMTP_URL is not set, so mail is kept in the development mailbox (${origin}/dev/mailbox, from this machine only), not sent`,
      );
    await app.register(mailboxRoutes, { pageHeaders: opts.pageHeaders });
  }
  app.addHook("onReady", async () => sender.start());
  app.addHook("preClose", () => sender.stop());
});
