import { generateMatchesResponseSchema } from "@kindred/shared/matching-api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses, WRITE_ERRORS } from "../../lib/error-responses.ts";
import { HttpError } from "../../lib/http-error.ts";
import { currentUser } from "../../plugins/auth-hook.ts";
import { announceNewMatch } from "../matches/events.ts";
import { pushNewMatches } from "../notifications/triggers.ts";
import { generateMatches } from "./generate.ts";

export const matchingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/generate-matches",
    {
      schema: {
        summary: "Find new matches for the signed-in user (profile complete; limited per hour)",
        response: { 200: generateMatchesResponseSchema, ...errorResponses(...WRITE_ERRORS, 401, 409, 429) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!user.onboardingCompleted)
        throw new HttpError(400, "Complete your profile before finding matches.");
      if (user.matchingPaused)
        throw new HttpError(409, "Your profile is paused. Resume it in Settings to find new matches.");
      await app.limits.generation.take(user.id);
      const found = await generateMatches(app.db, user);
      // Each new match reaches the other person live; the caller sees this answer.
      await Promise.all(
        found.newMatches.map((m) => announceNewMatch(app, m.id, m.otherUser.id, user.username)),
      );
      await pushNewMatches(app, user, found.newMatches);
      return found;
    },
  );
};
