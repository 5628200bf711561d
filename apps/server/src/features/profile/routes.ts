import { ageFromDateOfBirth } from "@kindred/shared/date-of-birth";
import { completionError } from "@kindred/shared/onboarding";
import { profileUpdateSchema, subscriptionSchema } from "@kindred/shared/profile";
import { selfUserSchema } from "@kindred/shared/user";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { UserRow } from "../../db/schema/users.ts";
import { errorResponses, WRITE_ERRORS } from "../../lib/error-responses.ts";
import { HttpError } from "../../lib/http-error.ts";
import { isUniqueViolation } from "../../lib/pg-errors.ts";
import { currentUser } from "../../plugins/auth-hook.ts";
import { findUserByUsername } from "../auth/data.ts";
import { toSelfUser } from "../users/present.ts";
import { changePlan, updateProfile } from "./mutations.ts";

const USERNAME_TAKEN = "Username is already taken";

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    "/profile",
    {
      schema: {
        summary: "Change the signed-in user's profile (any subset of its fields)",
        body: profileUpdateSchema,
        response: { 200: selfUserSchema, ...errorResponses(...WRITE_ERRORS, 401, 409) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const changes = request.body;
      // The age is the server's: computed from the birth date, never taken from the client.
      const age = changes.dateOfBirth ? ageFromDateOfBirth(changes.dateOfBirth, new Date()) : undefined;
      if (changes.username && changes.username.toLowerCase() !== me.username.toLowerCase()) {
        const other = await findUserByUsername(app.db, changes.username);
        if (other) throw new HttpError(409, USERNAME_TAKEN, { field: "username" });
      }
      // Checked on the row as saved at this moment (locked), not as it was when the request began.
      const check = (current: UserRow) => {
        const merged = { ...current, ...changes };
        const min = merged.agePreferenceMin;
        const max = merged.agePreferenceMax;
        if (min != null && max != null && max < min) {
          throw new HttpError(400, "Maximum age must be greater than or equal to minimum age", {
            field: "agePreferenceMax",
          });
        }
        if (changes.onboardingCompleted) {
          const missing = completionError(merged);
          if (missing) throw new HttpError(400, missing, { field: "onboardingCompleted" });
        }
      };
      const update = { ...changes, ...(age ? { age } : {}) };
      const row = await updateProfile(app.db, me.id, update, check).catch((err) => {
        if (isUniqueViolation(err)) throw new HttpError(409, USERNAME_TAKEN, { field: "username" });
        throw err;
      });
      await app.sessions.changed(me.id);
      return toSelfUser(row);
    },
  );

  app.post(
    "/subscription",
    {
      schema: {
        summary: "Change the signed-in user's plan",
        body: subscriptionSchema,
        response: { 200: selfUserSchema, ...errorResponses(...WRITE_ERRORS, 401) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const row = await changePlan(app.db, me.id, request.body.profileType);
      await app.sessions.changed(me.id);
      return toSelfUser(row);
    },
  );
};
