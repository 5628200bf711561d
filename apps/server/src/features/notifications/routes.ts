import {
  notificationSettingsSchema,
  PUSH_ENDPOINT_REFUSED,
  pushKeySchema,
  pushSubscriptionInfoSchema,
  pushSubscriptionListSchema,
  pushSubscriptionSchema,
  pushTestResultSchema,
  pushUnsubscribeSchema,
} from "@kindred/shared/notifications";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { PushSubscriptionRow } from "../../db/schema/push.ts";
import { errorResponses, WRITE_ERRORS } from "../../lib/error-responses.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { currentUser } from "../../plugins/auth-hook.ts";
import { settingsOf, subscriptionsOf } from "./data.ts";
import { pushEndpointAllowed, subscriptionKeysValid } from "./endpoints.ts";
import { mailSettingsRoutes } from "./mail-routes.ts";
import { saveSettings, subscribe, unsubscribe } from "./mutations.ts";
import { notify } from "./notify.ts";

const toInfo = (s: PushSubscriptionRow) => ({ endpoint: s.endpoint, createdAt: s.createdAt.toISOString() });

/** Web Push: the key, this person's browsers' subscriptions, what they want pushed, and a test push. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(mailSettingsRoutes);

  app.get(
    "/push/key",
    {
      schema: {
        summary: "The VAPID public key a browser subscribes with",
        response: { 200: pushKeySchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      currentUser(request);
      return { publicKey: await app.push.publicKey() };
    },
  );

  app.get(
    "/push/subscriptions",
    {
      schema: {
        summary: "The signed-in person's push subscriptions",
        response: { 200: pushSubscriptionListSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      return { subscriptions: (await subscriptionsOf(app.db, me.id)).map(toInfo) };
    },
  );

  app.post(
    "/push/subscriptions",
    {
      schema: {
        summary:
          "Register this browser's push subscription (moves it from another account; past 10, the oldest goes)",
        body: pushSubscriptionSchema,
        response: { 201: pushSubscriptionInfoSchema, ...errorResponses(...WRITE_ERRORS, 401) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      // The server will POST to this address: only a push service's, never one of our network's.
      if (!pushEndpointAllowed(request.body.endpoint, app.env.PUSH_ENDPOINT_ALLOW))
        throw new HttpError(400, PUSH_ENDPOINT_REFUSED, { field: "endpoint" });
      if (!subscriptionKeysValid(request.body.keys))
        throw new HttpError(
          400,
          "This browser's notification keys are not valid. Turn notifications off and on again.",
          {
            field: "keys",
          },
        );
      return reply.status(201).send(toInfo(await subscribe(app.db, me.id, request.body)));
    },
  );

  app.delete(
    "/push/subscriptions",
    {
      schema: {
        summary: "Stop pushing to one of the signed-in person's browsers",
        body: pushUnsubscribeSchema,
        response: { 204: z.null(), ...errorResponses(...WRITE_ERRORS, 401, 404) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      if (!(await unsubscribe(app.db, me.id, request.body.endpoint)))
        throw notFound("This browser is not receiving your notifications.");
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/notifications/settings",
    {
      schema: {
        summary: "What the signed-in person wants pushed",
        response: { 200: notificationSettingsSchema, ...errorResponses(401) },
      },
    },
    async (request) => settingsOf(app.db, currentUser(request).id),
  );

  app.put(
    "/notifications/settings",
    {
      schema: {
        summary: "Change what the signed-in person wants pushed",
        body: notificationSettingsSchema,
        response: { 200: notificationSettingsSchema, ...errorResponses(...WRITE_ERRORS, 401) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const quiet = request.body.quietHours;
      if (quiet && quiet.start === quiet.end)
        throw new HttpError(400, "Quiet hours need to end at a different time from when they start.", {
          field: "quietHours",
        });
      await saveSettings(app.db, me.id, request.body);
      return settingsOf(app.db, me.id);
    },
  );

  app.post(
    "/push/test",
    {
      schema: {
        summary: "Send a test notification to every browser of the signed-in person",
        response: { 202: pushTestResultSchema, ...errorResponses(...WRITE_ERRORS, 401, 409) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const now = new Date();
      const title = "Test notification from Kindred";
      const queued = await notify(
        app.db,
        {
          userId: me.id,
          type: "test",
          kind: "test",
          dedupeKey: `test-${now.getTime()}-${Math.random().toString(36).slice(2, 8)}`,
          title,
          anonymousTitle: title,
          tag: "test",
          url: "/settings",
          ttlSeconds: 60,
          urgency: "normal",
          topic: "test",
        },
        now,
      );
      if (queued === 0)
        throw new HttpError(
          409,
          "Turn on notifications in this browser first, then send a test notification.",
        );
      app.push.kick();
      return reply.status(202).send({ queued });
    },
  );
};
