import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { vapidKeys } from "./keys.ts";
import { PushSender } from "./sender.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Web Push. `kick()` after committing notify()'s outbox rows sends them now, not at the next sweep. */
    push: { kick(): void; publicKey(): Promise<string> };
  }
}

/** The push sender: sweeps the outbox on every instance from onReady, stopped before the database closes. */
export const pushPlugin = fp(async (app: FastifyInstance) => {
  const keys = vapidKeys(app.env, app.db);
  const sender = new PushSender(app, {
    sweepMs: app.env.PUSH_SWEEP_MS,
    allowedOrigins: app.env.PUSH_ENDPOINT_ALLOW,
    keys,
  });
  app.decorate("push", {
    kick: () => sender.kick(),
    publicKey: async () => (await keys()).publicKey,
  });
  app.addHook("onReady", async () => {
    // The key pair is made (or read) at start, so the first ring does not wait for it; a database
    // that is not there yet only delays it to the first use.
    await keys().catch((err) => app.log.warn({ err }, "push: the VAPID keys could not be loaded yet"));
    sender.start();
  });
  app.addHook("preClose", () => sender.stop());
});
