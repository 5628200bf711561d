import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "../lib/http-error.ts";

export const NUL_MESSAGE =
  "Text cannot contain the invisible NUL character (\\u0000). Please remove it and try again.";

/**
 * The top-level field of the first string in `body` holding U+0000 ("" when the body itself is that
 * string), or null. Iterative, so that a deeply nested body cannot overflow the stack.
 */
export function findNul(body: unknown): string | null {
  const stack: [unknown, string][] = [[body, ""]];
  while (stack.length > 0) {
    const [value, field] = stack.pop() as [unknown, string];
    if (typeof value === "string") {
      if (value.includes("\u0000")) return field;
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push([item, field]);
    } else if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) stack.push([item, field || key]);
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000: stored, it fails the statement and the person would get a 500.
 * JSON can carry it ("\u0000"), so every parsed body is refused up front with a sentence instead.
 */
export const nulGuard = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: it runs on every request and never waits.
  app.addHook("preValidation", (request, _reply, done) => {
    const field = findNul(request.body);
    done(field === null ? undefined : new HttpError(400, NUL_MESSAGE, field ? { field } : {}));
  });
});
