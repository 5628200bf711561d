import { errorSchema } from "@kindred/shared/user";

/** The 4xx statuses a route may declare; 500 and 503 are declared for every route. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 416 | 429;

/**
 * What every write (POST, PUT, PATCH, DELETE) can answer before its handler runs, whatever the route:
 * a body that is malformed, fails its schema or holds a NUL (400), an Origin of another site (403),
 * a body over the limit (413), a content type no parser takes (415).
 */
export const WRITE_ERRORS = [400, 403, 413, 415] as const;

/**
 * The error responses of a route, all in the one shape the errors plugin sends
 * ({ message, field?, requiresUpgrade?, retryAfterSeconds? }), for the response schema:
 * `response: { 200: fooSchema, ...errorResponses(...WRITE_ERRORS, 401, 404) }`.
 * Declared, the status is documented and its body is checked against errorSchema on the way out.
 * 500 ("Something went wrong on our side") and 503 (PostgreSQL or Redis unreachable, with a
 * Retry-After) are added to every route: any of them can fail, or meet an outage.
 */
export function errorResponses<const S extends readonly ErrorStatus[]>(
  ...statuses: S
): Record<S[number] | 500 | 503, typeof errorSchema> {
  const entries = [...statuses, 500, 503].sort((a, b) => a - b).map((status) => [status, errorSchema]);
  return Object.fromEntries(entries) as Record<S[number] | 500 | 503, typeof errorSchema>;
}
