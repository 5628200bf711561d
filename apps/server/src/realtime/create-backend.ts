import type { Env } from "../env.ts";
import type { RealtimeBackend } from "./backend.ts";
import { inProcessBackend } from "./in-process-backend.ts";
import { redisBackend } from "./redis-backend.ts";

/** In-process unless REDIS_URL is set (ARCHITECTURE "Real parts"). */
export function createBackend(env: Env): Promise<RealtimeBackend> {
  const presenceTtlMs = env.PRESENCE_TTL_MS;
  if (!env.REDIS_URL) return Promise.resolve(inProcessBackend({ presenceTtlMs }));
  return redisBackend({ url: env.REDIS_URL, prefix: env.REDIS_PREFIX, presenceTtlMs });
}
