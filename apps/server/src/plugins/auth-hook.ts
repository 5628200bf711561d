import { SIGNED_IN_HINT_COOKIE } from "@kindred/shared/constants";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { secureCookies } from "../lib/cookie-security.ts";
import { HttpError } from "../lib/http-error.ts";
import type { SessionUser } from "../lib/sessions/lookup.ts";
import { SESSION_COOKIE, SESSION_TTL_MS } from "../lib/sessions/token.ts";
import { sendHttpError } from "./errors.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, loaded once per request from the session cookie (cached for seconds: never change it). */
    user: SessionUser | null;
    sessionTokenHash: string | null;
  }
  interface FastifyContextConfig {
    /** Routes that answer without a session. Everything else under /api requires one. */
    public?: boolean;
  }
}

/** The signed-in user of a route that requires one (the hook has already refused anonymous calls). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, "Please sign in to continue.");
  return request.user;
}

const cookieOptions = (request: FastifyRequest) =>
  ({
    path: "/",
    sameSite: "lax",
    secure: secureCookies(request),
    maxAge: SESSION_TTL_MS / 1000,
  }) as const;

export function setSessionCookie(reply: FastifyReply, request: FastifyRequest, token: string) {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), httpOnly: true });
  setSignedInHint(reply, request);
}

/** Readable by the page's script on purpose: it only says whether to ask who is signed in. */
function setSignedInHint(reply: FastifyReply, request: FastifyRequest) {
  reply.setCookie(SIGNED_IN_HINT_COOKIE, "1", { ...cookieOptions(request), httpOnly: false });
}

/**
 * A page asked for with a session cookie but no hint (a browser signed in before the hint existed)
 * gets the hint, so the web app asks who it is; if the session has ended, that answer clears it again.
 */
export function hintSessionHolder(reply: FastifyReply, request: FastifyRequest) {
  if (request.cookies[SESSION_COOKIE] && request.cookies[SIGNED_IN_HINT_COOKIE] === undefined) {
    setSignedInHint(reply, request);
  }
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
  clearSignedInHint(reply);
}

function clearSignedInHint(reply: FastifyReply) {
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: "/" });
}

/** Every anonymous call to a route that needs a session: one error, its body serialized once. */
const SIGN_IN_FIRST = new HttpError(401, "Please sign in to continue.");

/**
 * The one auth hook, for the /api context: loads the session user (the same lookup the socket upgrade
 * makes), and refuses anonymous calls to routes not marked public.
 */
export const authHook = fp(async (api: FastifyInstance) => {
  api.decorateRequest("user", null);
  api.decorateRequest("sessionTokenHash", null);
  api.addHook("onRequest", async (request, reply) => {
    const session = await api.sessions.fromCookies(request.cookies);
    request.sessionTokenHash = session?.tokenHash ?? null;
    request.user = session?.user ?? null;
    // A hint left from a session that has ended (expired, or ended elsewhere) goes, so the web app
    // stops asking; the answer to this request is the one it would have been without the hint.
    if (!request.user && request.cookies[SIGNED_IN_HINT_COOKIE] !== undefined) clearSignedInHint(reply);
    if (request.user || request.is404 || request.routeOptions.config?.public) return;
    return sendHttpError(reply, SIGN_IN_FIRST);
  });
});
