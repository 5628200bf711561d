import type { Env } from "../env.ts";
import type { RealtimeBackend } from "./backend.ts";
import { inProcessBackend } from "./in-process-backend.ts";

/**
 * In-process unless REDIS_URL is set (ARCHITECTURE "Real parts"). The Redis client is loaded only
 * then: an instance without Redis never pays its start-up time and memory.
 */
export async function createBackend(env: Env): Promise<RealtimeBackend> {
  const presenceTtlMs = env.PRESENCE_TTL_MS;
  if (!env.REDIS_URL) return inProcessBackend({ presenceTtlMs });
  const { redisBackend } = await import("./redis-backend.ts");
  return redisBackend({ url: env.REDIS_URL, prefix: env.REDIS_PREFIX, presenceTtlMs });
}
