import type { Env } from "../env.ts";
import type { RealtimeBackend } from "./backend.ts";
import { inProcessBackend } from "./in-process-backend.ts";
import type { Warn } from "./redis-bus.ts";

/**
 * In-process unless REDIS_URL is set (ARCHITECTURE "Real parts"). The Redis client is loaded only
 * then: an instance without Redis never pays its start-up time and memory. `log` takes the Redis
 * backend's warnings (an unreachable Redis), the console's otherwise.
 */
export async function createBackend(
  env: Env,
  log?: { warn: (obj: { err: unknown }, message: string) => void },
): Promise<RealtimeBackend> {
  const presenceTtlMs = env.PRESENCE_TTL_MS;
  if (!env.REDIS_URL) return inProcessBackend({ presenceTtlMs });
  const { redisBackend } = await import("./redis-backend.ts");
  const warn: Warn | undefined = log ? (obj, message) => log.warn(obj, message) : undefined;
  return redisBackend({
    url: env.REDIS_URL,
    prefix: env.REDIS_PREFIX,
    presenceTtlMs,
    instanceTtlMs: env.INSTANCE_TTL_MS,
    warn,
  });
}
