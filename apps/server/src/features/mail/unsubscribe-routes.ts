// One-click unsubscribe (RFC 8058): a mail client POSTs "List-Unsubscribe=One-Click" to the URL in the
// mail's List-Unsubscribe header, with no cookie; the /unsubscribe page POSTs the same. The token in
// the URL is the person's secret (notification_settings.unsubscribe_token), so no session is needed.
import { messageSchema, UNSUBSCRIBE_INVALID, unsubscribeQuerySchema } from "@kindred/shared/mail";
import { eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notificationSettings } from "../../db/schema/push.ts";
import { errorResponses, WRITE_ERRORS } from "../../lib/error-responses.ts";
import { HttpError } from "../../lib/http-error.ts";

export const UNSUBSCRIBED = "You won't get these emails any more. You can turn them back on in Settings.";

const COLUMN = {
  calls: "mailCalls",
  reminders: "mailReminders",
  messages: "mailMessages",
  news: "mailNews",
} as const;

export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // RFC 8058's body is a form; JSON is parsed already. Only in this route's context, and only small.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post(
    "/mail/unsubscribe",
    {
      config: { public: true },
      schema: {
        summary: "Turn one type of mail off (RFC 8058 one-click unsubscribe; the token replaces a session)",
        querystring: unsubscribeQuerySchema,
        response: { 200: messageSchema, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request) => {
      const { token, type } = request.query;
      const [row] = await app.db
        .update(notificationSettings)
        .set({ [COLUMN[type]]: false, updatedAt: sql`now()` })
        .where(eq(notificationSettings.unsubscribeToken, token))
        .returning({ userId: notificationSettings.userId });
      if (!row) throw new HttpError(400, UNSUBSCRIBE_INVALID);
      return { message: UNSUBSCRIBED };
    },
  );
};
