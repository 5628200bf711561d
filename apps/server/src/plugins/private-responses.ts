import type { onSendHookHandler } from "fastify";

/** An API answer's Cache-Control, unless its route sets its own. */
export const PRIVATE = "no-store";

/**
 * For the /api context: every API answer is about the person asking (their profile, matches, messages)
 * or says whether they are signed in, so no browser or proxy may keep a copy. A route that means
 * otherwise sets its own header.
 */
export const privateResponses: onSendHookHandler = (_request, reply, payload, done) => {
  if (!reply.hasHeader("cache-control")) reply.header("cache-control", PRIVATE);
  done(null, payload);
};
