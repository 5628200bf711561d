import type { FastifyRequest } from "fastify";

/**
 * The origin links in mail, invites and redirects point at: PUBLIC_ORIGIN when set, because the Host
 * header is whatever the client wrote; the request's own origin only for local runs without one.
 */
export function publicOrigin(request: FastifyRequest): string {
  const configured = request.server.env.PUBLIC_ORIGIN;
  return configured ? new URL(configured).origin : `${request.protocol}://${request.host}`;
}

/** The origin of links in mail, which has no request to go by: PUBLIC_ORIGIN, else this machine's own. */
export function mailOrigin(env: { PUBLIC_ORIGIN?: string; PORT: number }): string {
  return env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : `http://localhost:${env.PORT}`;
}
