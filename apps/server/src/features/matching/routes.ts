import { generateMatchesResponseSchema } from "@kindred/shared/matching-api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../../lib/http-error.ts";
import { currentUser } from "../../plugins/auth-hook.ts";
import { generateMatches } from "./generate.ts";

export const matchingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/generate-matches",
    { schema: { response: { 200: generateMatchesResponseSchema } } },
    async (request) => {
      const user = currentUser(request);
      if (!user.onboardingCompleted)
        throw new HttpError(400, "Complete your profile before finding matches.");
      return generateMatches(app.db, user);
    },
  );
};
