import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { HttpError } from "../lib/http-error.ts";
import { isUnavailable, unavailable } from "../lib/unavailable.ts";

/**
 * Every error leaves as { message, field? } with a 4xx/5xx status, so the client's rule
 * "status, colon, space, body text" reads as a sentence. Unexpected errors never leak details.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error, request, reply) => {
    if (!(error instanceof HttpError) && isUnavailable(error)) {
      request.log.warn({ err: error }, "database or Redis unavailable");
      return sendHttpError(reply, unavailable());
    }
    if (error instanceof HttpError) {
      return sendHttpError(reply, error);
    }
    // A malformed id in a path names nothing: the same 404 as a missing or foreign one.
    if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === "params") {
      return reply.status(404).send({ message: "Not found" });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, "").split("/")[0] || undefined;
      return reply.status(400).send({ message: first?.message ?? "Invalid request", field });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = status === 413 ? "That request is too large." : (error as Error).message;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ message: "Something went wrong on our side. Please try again." });
  });
});

/** Every JSON answer's Content-Type. */
export const JSON_TYPE = "application/json; charset=utf-8";

/** An HttpError as the one error shape, its body serialized once; also for hooks that refuse a request. */
export function sendHttpError(reply: FastifyReply, error: HttpError) {
  if (error.extra.retryAfterSeconds) reply.header("retry-after", String(error.extra.retryAfterSeconds));
  // Already in the one error shape (typed as errorSchema's), so sent as it is: not parsed again.
  return reply.status(error.statusCode).type(JSON_TYPE).send(error.body);
}
