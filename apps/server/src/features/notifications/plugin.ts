import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { vapidKeys } from "./keys.ts";
import { scanMail } from "./mail-scans.ts";
import { PushSender } from "./sender.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Web Push. `kick()` after committing notify()'s outbox rows sends them now, not at the next sweep. */
    push: { kick(): void; publicKey(): Promise<string> };
  }
}

/** How often each instance looks for notification mails that time made due (minutes matter, not seconds). */
const MAIL_SCAN_MS = 30_000;

/**
 * The push sender: sweeps the outbox on every instance from onReady, stopped before the database closes.
 * With it, the mail scan (mail-scans.ts), which queues notification mails for the mail sender.
 */
export const pushPlugin = fp(async (app: FastifyInstance) => {
  const keys = vapidKeys(app.env, app.db);
  const sender = new PushSender(app, {
    sweepMs: app.env.PUSH_SWEEP_MS,
    allowedOrigins: app.env.PUSH_ENDPOINT_ALLOW,
    keys,
  });
  let mailScans: ReturnType<typeof setInterval> | null = null;
  let mailScanning: Promise<unknown> | null = null;
  app.decorate("push", {
    kick: () => sender.kick(),
    publicKey: async () => (await keys()).publicKey,
  });
  app.addHook("onReady", async () => {
    // The key pair is made (or read) at start, so the first ring does not wait for it; a database
    // that is not there yet only delays it to the first use.
    await keys().catch((err) => app.log.warn({ err }, "push: the VAPID keys could not be loaded yet"));
    sender.start();
    // Never faster than the push sweep: a test that stops that (an hour) stops this too, and drives
    // scanMail itself.
    mailScans = setInterval(
      () => {
        mailScanning ??= scanMail(app).finally(() => {
          mailScanning = null;
        });
      },
      Math.max(MAIL_SCAN_MS, app.env.PUSH_SWEEP_MS),
    );
    mailScans.unref();
  });
  app.addHook("preClose", async () => {
    if (mailScans) clearInterval(mailScans);
    await mailScanning;
    await sender.stop();
  });
});
