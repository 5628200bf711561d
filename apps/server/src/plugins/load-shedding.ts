import underPressure from "@fastify/under-pressure";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

type PressureHandler = NonNullable<Parameters<typeof underPressure>[1]["pressureHandler"]>;

export const BUSY_MESSAGE = "Kindred is busy right now. Please try again in a moment.";
const RETRY_SECONDS = 5;

/**
 * Under event-loop pressure, answer 503 with Retry-After at once rather than queue requests without
 * bound (each waiting one holds memory and would time out anyway). Liveness is never shed: a busy
 * process is not a dead one.
 */
export const loadShedding = fp<{ maxEventLoopDelayMs: number; sampleIntervalMs: number }>(
  async (app: FastifyInstance, opts) => {
    await app.register(underPressure, {
      maxEventLoopDelay: opts.maxEventLoopDelayMs,
      sampleInterval: opts.sampleIntervalMs,
      // Returning a body sends it and stops the request; returning nothing lets it through.
      pressureHandler: ((request, reply) => {
        if (request.url === "/api/health") return undefined;
        // The one error shape, sent as it is: a route's own 503 schema (readiness) must not reject it.
        reply.status(503).header("retry-after", String(RETRY_SECONDS)).serializer(JSON.stringify);
        return { message: BUSY_MESSAGE, retryAfterSeconds: RETRY_SECONDS };
      }) as (...args: Parameters<PressureHandler>) => void,
    });
  },
);
