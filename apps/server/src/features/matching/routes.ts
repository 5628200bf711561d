import { generateMatchesResponseSchema } from "@kindred/shared/matching-api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses, WRITE_ERRORS } from "../../lib/error-responses.ts";
import { HttpError } from "../../lib/http-error.ts";
import { currentUser } from "../../plugins/auth-hook.ts";
import { generateMatches } from "./generate.ts";

export const matchingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/generate-matches",
    {
      schema: {
        summary: "Find new matches for the signed-in user (profile complete; limited per hour)",
        response: { 200: generateMatchesResponseSchema, ...errorResponses(...WRITE_ERRORS, 401, 429) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!user.onboardingCompleted)
        throw new HttpError(400, "Complete your profile before finding matches.");
      await app.limits.generation.take(user.id);
      return generateMatches(app.db, user);
    },
  );
};
