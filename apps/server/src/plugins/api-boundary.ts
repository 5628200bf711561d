import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { notFound } from "../lib/http-error.ts";
import { authHook } from "./auth-hook.ts";
import { sendHttpError } from "./errors.ts";
import { privateResponses } from "./private-responses.ts";
import { apiHeadersHook } from "./security-headers.ts";

/**
 * What every answer under /api gets, registered inside the /api prefix context so that it applies to
 * that subtree only: the API's headers, no-store, the auth hook, and a JSON 404 for an unknown path
 * (which still gets the API's headers).
 */
export const apiBoundary = fp(async (api: FastifyInstance) => {
  api.addHook("onRequest", apiHeadersHook);
  api.addHook("onSend", privateResponses);
  await api.register(authHook);
  api.setNotFoundHandler((_request, reply) => sendHttpError(reply, notFound()));
});
