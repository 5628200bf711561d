import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "../../lib/http-error.ts";

// The sign-in page comes pre-rendered, and its forms are plain forms until their script runs
// (<form method="post" action="/api/login">). Submitted before then, the browser posts them as
// urlencoded forms: the same routes answer, checked by the same schema, with a redirect in place of JSON.

const FORM = "application/x-www-form-urlencoded";

function isFormPost(request: FastifyRequest): boolean {
  return request.headers["content-type"]?.startsWith(FORM) === true;
}

/**
 * Parses urlencoded bodies for the routes of this plugin. A page elsewhere could post a form here as
 * well as ours (signing a visitor into an account of its choosing): browsers send Origin with every
 * form post, a foreign one is refused for every write (plugins/origin-check.ts), and here one is required.
 */
export function acceptFormPosts(app: FastifyInstance) {
  app.addContentTypeParser(FORM, { parseAs: "string" }, (request, body, done) => {
    if (!request.headers.origin) {
      done(new HttpError(403, "This form can only be sent from the sign-in page."), undefined);
      return;
    }
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/**
 * A route's onSend for a form post: a success goes on to the person's home (303, the session cookie
 * already set), a refusal back to its tab of the sign-in page with the server's sentence, which the page shows.
 */
export function answerFormPostsFor(tab: "login" | "register") {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!isFormPost(request)) return payload;
    let location = "/home";
    if (reply.statusCode >= 400) {
      const message = readMessage(payload) ?? "Something went wrong. Please try again.";
      location = `/auth?${new URLSearchParams({ tab, error: message })}`;
    }
    reply.code(303).header("location", location).removeHeader("content-type").removeHeader("retry-after");
    return "";
  };
}

function readMessage(payload: unknown): string | undefined {
  if (typeof payload !== "string") return undefined;
  try {
    const body = JSON.parse(payload) as { message?: unknown };
    return typeof body.message === "string" ? body.message : undefined;
  } catch {
    return undefined;
  }
}
