import { randomInt } from "node:crypto";
import { authProvidersSchema } from "@kindred/shared/auth";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import * as oidc from "openid-client";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { UserRow } from "../../db/schema/users.ts";
import { secureCookies } from "../../lib/cookie-security.ts";
import { errorResponses } from "../../lib/error-responses.ts";
import { HttpError } from "../../lib/http-error.ts";
import { publicOrigin } from "../../lib/public-origin.ts";
import { setSessionCookie } from "../../plugins/auth-hook.ts";
import { refuseIfRestricted } from "../moderation/sign-in-gate.ts";
import { findUserByEmail, findUserByGoogleSub, findUserByUsername } from "./data.ts";
import { markEmailVerified } from "./email-mutations.ts";
import { endPreviousSession } from "./end-session.ts";
import { createSession, deleteSession, insertUser, linkGoogleAccount } from "./mutations.ts";

const FLOW_COOKIE = "kindred_oidc";
const NOT_AVAILABLE =
  "Google sign-in is not available right now. Please sign in with your username and password.";
const FAILED = "Google sign-in did not complete. Please try again.";

export interface GoogleClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/**
 * The account for these claims: the one already linked to this Google account; else, only when Google
 * says the address is verified, the account with the same email address, linked now, or a new account.
 * An unverified address opens nothing: anyone could put a member's address on a Google account, and
 * claim their account or take the address before its owner signs up. An account already linked to
 * another Google account is never re-linked.
 */
export async function findOrCreateGoogleUser(
  db: Db,
  claims: GoogleClaims,
  /** Told when linking ended the account's sessions (see linkGoogleAccount). */
  onSessionsEnded: (userId: number) => Promise<void> = async () => {},
): Promise<UserRow> {
  const linked = await findUserByGoogleSub(db, claims.sub);
  if (linked) {
    // Google vouches for the address it signs in with: the account's, if it is the same one.
    const vouched =
      claims.email_verified === true && claims.email?.toLowerCase() === linked.email.toLowerCase();
    if (!vouched || linked.emailVerified) return linked;
    await markEmailVerified(db, linked.id);
    return { ...linked, emailVerified: true };
  }
  if (!claims.email) throw new Error("Google did not share an email address");
  if (claims.email_verified !== true) throw new Error("Google email is not verified");
  const email = claims.email.toLowerCase();
  const byEmail = await findUserByEmail(db, email);
  if (byEmail) {
    if (byEmail.googleSub) throw new Error("that account is linked to another Google account");
    const row = await linkGoogleAccount(db, byEmail, claims.sub);
    if (!byEmail.emailVerified) await onSessionsEnded(row.id);
    return row;
  }
  const base = (email.split("@")[0] ?? "member").replace(/[^A-Za-z0-9_.-]/g, "").slice(0, 20) || "member";
  for (let attempt = 0; attempt < 5; attempt++) {
    const username = attempt === 0 && base.length >= 3 ? base : `${base}${randomInt(1000, 99999)}`;
    if (!(await findUserByUsername(db, username)))
      return insertUser(db, {
        username,
        email,
        name: claims.name ?? "",
        passwordHash: null,
        googleSub: claims.sub,
        emailVerified: true,
      });
  }
  throw new Error("could not find a free username");
}

/** Public, and both always answer with a redirect (no body): when sign-in fails, back to /auth with the sentence. */
const startOptions = {
  config: { public: true },
  schema: {
    summary: "Start Google sign-in (browser navigation)",
    response: {
      302: z
        .undefined()
        .describe("To Google; or back to /auth?tab=login&error=… when sign-in is unavailable"),
      ...errorResponses(),
    },
  },
};
const callbackOptions = {
  config: { public: true },
  schema: {
    summary: "Where Google sends the browser back: signs in (sets the session cookie)",
    response: {
      302: z.undefined().describe("To /home when signed in; else back to /auth?tab=login&error=…"),
      ...errorResponses(),
    },
  },
};

const providersOptions = {
  config: { public: true },
  schema: {
    summary: "Which third-party sign-ins are offered (the web app shows 'Or continue with' only then)",
    response: { 200: authProvidersSchema, ...errorResponses() },
  },
};

const back = (reply: FastifyReply, message: string) =>
  reply.redirect(`/auth?tab=login&error=${encodeURIComponent(message)}`);

/** OpenID Connect sign-in with Google (or any issuer, for tests). Off unless a client id is set. */
export const googleRoutes: FastifyPluginAsync = async (app) => {
  const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: secret, GOOGLE_ISSUER: issuer } = app.env;
  let config: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    config ??= oidc
      .discovery(new URL(issuer), clientId ?? "", secret, undefined, {
        execute: issuer.startsWith("http://") ? [oidc.allowInsecureRequests] : [],
      })
      .catch((err) => {
        config = undefined; // retry discovery next time rather than failing forever
        throw err;
      });
    return config;
  };
  const callbackUrl = (request: FastifyRequest) => `${publicOrigin(request)}/api/auth/google/callback`;

  app.get("/auth/providers", providersOptions, async () => ({ google: Boolean(clientId) }));

  app.get("/auth/google", startOptions, async (request, reply) => {
    if (!clientId) return back(reply, NOT_AVAILABLE);
    try {
      const verifier = oidc.randomPKCECodeVerifier();
      const flow = { verifier, state: oidc.randomState(), nonce: oidc.randomNonce() };
      const url = oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: callbackUrl(request),
        scope: "openid email profile",
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
        state: flow.state,
        nonce: flow.nonce,
      });
      reply.setCookie(FLOW_COOKIE, JSON.stringify(flow), {
        path: "/api/auth",
        httpOnly: true,
        sameSite: "lax",
        secure: secureCookies(request),
        maxAge: 600,
      });
      return reply.redirect(url.href);
    } catch (err) {
      request.log.warn({ err }, "google sign-in unavailable");
      return back(reply, NOT_AVAILABLE);
    }
  });

  app.get("/auth/google/callback", callbackOptions, async (request, reply) => {
    reply.clearCookie(FLOW_COOKIE, { path: "/api/auth" });
    try {
      const flow = JSON.parse(request.cookies[FLOW_COOKIE] ?? "null") as Record<string, string> | null;
      if (!clientId || !flow?.verifier) return back(reply, FAILED);
      const current = new URL(request.url, callbackUrl(request));
      const tokens = await oidc.authorizationCodeGrant(await configuration(), current, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
      });
      const idClaims = tokens.claims() as GoogleClaims | undefined;
      if (!idClaims?.sub) return back(reply, FAILED);
      // Google puts the email in the ID token; other issuers only at the userinfo endpoint.
      const claims = idClaims.email
        ? idClaims
        : ((await oidc.fetchUserInfo(
            await configuration(),
            tokens.access_token,
            idClaims.sub,
          )) as GoogleClaims);
      const user = await findOrCreateGoogleUser(app.db, claims, async (id) => {
        await app.sessions.changed(id);
        await app.realtime.endSessions(id);
      });
      const refused = await refuseIfRestricted(app.db, user, app.scheduleClock.now()).catch((err) => err);
      if (refused instanceof HttpError) return back(reply, refused.message);
      // Rotation, as at a password login: the session the browser held before ends here.
      if (request.sessionTokenHash) await deleteSession(app.db, request.sessionTokenHash);
      await endPreviousSession(app, request);
      setSessionCookie(reply, request, await createSession(app.db, user.id));
      return reply.redirect("/home");
    } catch (err) {
      request.log.warn({ err }, "google sign-in failed");
      return back(reply, FAILED);
    }
  });
};
