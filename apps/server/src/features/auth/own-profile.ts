import type { Sessions } from "../../lib/cached-sessions.ts";
import { COMPRESS_MIN_BYTES } from "../../lib/compression.ts";
import type { EarlyAnswer, SignedInAnswer } from "../../lib/early-answers.ts";
import type { SessionUser } from "../../lib/session.ts";
import { SESSION_COOKIE } from "../../lib/session-token.ts";
import { apiJsonAnswer } from "../../plugins/auth-hook.ts";
import { selfUserBody } from "../users/present.ts";

/** The path of the route below, answered early. */
export const OWN_PROFILE_PATH = "/api/user";

const answers = new WeakMap<SessionUser, { answer: EarlyAnswer; compressible: boolean }>();

/** GET /api/user's whole answer for this version of the user (see selfUserBody), made once. */
function answerFor(user: SessionUser) {
  let made = answers.get(user);
  if (made === undefined) {
    const answer = apiJsonAnswer(200, selfUserBody(user));
    made = { answer, compressible: Number(answer.headers["content-length"]) >= COMPRESS_MIN_BYTES };
    answers.set(user, made);
  }
  return made;
}

/**
 * GET /api/user answered before Fastify (EarlyAnswers): every page asks it. Only for a session already
 * cached (else the route looks it up), and only when the answer is not to be compressed (a long profile
 * to a client that accepts an encoding goes through the route and @fastify/compress).
 */
export function earlyOwnProfile(
  sessions: Sessions,
  parseCookie: (header: string) => Record<string, string | undefined>,
): SignedInAnswer {
  return (cookie, acceptEncoding) => {
    const token = parseCookie(cookie)[SESSION_COOKIE];
    const user = token ? sessions.cached(token)?.user : undefined;
    if (!user) return undefined;
    const { answer, compressible } = answerFor(user);
    return compressible && acceptEncoding ? undefined : answer;
  };
}
