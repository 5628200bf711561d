import { mailSettingsSchema } from "@kindred/shared/mail";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses, WRITE_ERRORS } from "../../lib/error-responses.ts";
import { currentUser } from "../../plugins/auth-hook.ts";
import { mailSettingsOf } from "./data.ts";
import { saveMailSettings } from "./mutations.ts";

/** Which notification mails the signed-in person wants (issue 29); registered by pushRoutes under /api. */
export const mailSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/notifications/mail",
    {
      schema: {
        summary: "Which notification mails the signed-in person wants",
        response: { 200: mailSettingsSchema, ...errorResponses(401) },
      },
    },
    async (request) => mailSettingsOf(app.db, currentUser(request).id),
  );

  app.put(
    "/notifications/mail",
    {
      schema: {
        summary: "Change which notification mails the signed-in person wants",
        body: mailSettingsSchema,
        response: { 200: mailSettingsSchema, ...errorResponses(...WRITE_ERRORS, 401) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      await saveMailSettings(app.db, me.id, request.body);
      return mailSettingsOf(app.db, me.id);
    },
  );
};
