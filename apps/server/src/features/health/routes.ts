import { okSchema } from "@kindred/shared/auth";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../lib/error-responses.ts";

const check = z.enum(["ok", "down", "not configured"]);
const readinessSchema = z.object({
  ready: z.boolean(),
  shuttingDown: z.boolean(),
  database: check,
  redis: check,
});

/** Resolves to "ok", or "down" when the probe fails or takes longer than `ms`. */
async function probe(run: () => Promise<unknown>, ms = 2_000): Promise<"ok" | "down"> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"down">((resolve) => {
    timer = setTimeout(() => resolve("down"), ms);
  });
  const outcome = run().then(
    () => "ok" as const,
    () => "down" as const,
  );
  try {
    return await Promise.race([outcome, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Liveness: the process answers. Nothing else is checked, so a database outage never restarts it. */
  app.get(
    "/health",
    {
      config: { public: true },
      schema: { summary: "Whether the server is up", response: { 200: okSchema, ...errorResponses() } },
    },
    async () => ({ ok: true as const }),
  );

  /**
   * Readiness: whether a load balancer should send this instance traffic. The database answers, Redis
   * answers when configured, and the instance is not shutting down (readiness fails first on SIGTERM).
   */
  app.get(
    "/ready",
    {
      config: { public: true },
      schema: {
        summary: "Whether this instance should get traffic: database, Redis, not shutting down",
        response: { ...errorResponses(), 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const [database, redis] = await Promise.all([
        probe(() => app.db.execute(sql`select 1`)),
        app.backend.kind === "redis" ? probe(() => app.backend.ping()) : ("not configured" as const),
      ]);
      const shuttingDown = app.lifecycle.shuttingDown;
      const ready = !shuttingDown && database === "ok" && redis !== "down";
      return reply.status(ready ? 200 : 503).send({ ready, shuttingDown, database, redis });
    },
  );
};
