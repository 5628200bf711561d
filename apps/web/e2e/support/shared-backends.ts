import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";

// The machine's PostgreSQL and Redis (CI has both: .ci/run checks them), for a spec that runs several
// app instances as one. The browser tests otherwise run on PGlite; this spec makes its own database.

export const POSTGRES_URL = process.env.E2E_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const REDIS_URL = process.env.E2E_REDIS_URL ?? "redis://127.0.0.1:6379";

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** An empty database and a Redis key prefix of their own; `drop()` removes both. */
export async function throwawayBackends(label: string) {
  const name = `kindred_e2e_${label}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    await admin.end().catch(() => {});
    throw new Error(
      `This spec needs PostgreSQL at ${POSTGRES_URL} (set E2E_POSTGRES_URL for another): ${String(error)}`,
    );
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    throw new Error(
      `This spec needs Redis at ${REDIS_URL} (set E2E_REDIS_URL for another): ${String(error)}`,
    );
  }
  const prefix = `${name}:`;
  return {
    env: { DATABASE_URL: withDatabase(POSTGRES_URL, name), REDIS_URL, REDIS_PREFIX: prefix },
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.end().catch(() => {});
      const keys: string[] = [];
      for await (const batch of redis.scanStream({ match: `${prefix}*`, count: 500 })) {
        keys.push(...(batch as string[]));
      }
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    },
  };
}
