import { okSchema } from "@kindred/shared/auth";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/health", { config: { public: true }, schema: { response: { 200: okSchema } } }, async () => ({
    ok: true as const,
  }));
};
