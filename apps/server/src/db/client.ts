import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import type { Env } from "../env.ts";
import { PipelinedPool } from "./pipelined-pool.ts";
import { guardPool } from "./pool.ts";
import { tables } from "./tables.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof tables>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL at this URL; without it, PGlite. */
  url?: string;
  /** PGlite's directory; without it, an in-memory database. */
  dataDir?: string;
  /** PGlite: start from this dump (the tests' migrated template). */
  loadDataDir?: Blob;
  /** PGlite: a database directory that a new `dataDir` starts as a copy of, instead of running initdb. */
  templateDir?: string;
  /** PGlite: PostgreSQL's buffer cache ("64MB"); PGlite's default is 128MB, all of it resident from the start. */
  sharedBuffers?: string;
  /** Apply the SQL migrations in this folder; `null` leaves the schema as it is. */
  migrationsDir: string | null;
  /** PostgreSQL: an idle pooled connection failed (server restart, dropped database). */
  onPoolError?: (err: Error) => void;
}

/** The database the environment names: PostgreSQL at DATABASE_URL, else PGlite under DATA_DIR. */
export function configuredDatabase(
  env: Pick<
    Env,
    "DATABASE_URL" | "DATA_DIR" | "PGLITE_TEMPLATE" | "PGLITE_SHARED_BUFFERS" | "MIGRATIONS_DIR"
  >,
): OpenOptions {
  return {
    url: env.DATABASE_URL,
    dataDir: path.join(env.DATA_DIR, "pglite"),
    templateDir: env.PGLITE_TEMPLATE,
    sharedBuffers: env.PGLITE_SHARED_BUFFERS,
    migrationsDir: env.MIGRATIONS_DIR,
  };
}

/**
 * Every instance that starts takes this session-level lock before migrating, so N instances starting
 * together apply the migrations once: the first migrates, the others wait, then find nothing to do.
 * A fixed, arbitrary key (the bytes of "kindredm"); a lock held by a crashed session dies with it.
 */
export const MIGRATION_LOCK_KEY = 0x6b696e647265646dn;

/** Connections that the single statements share (transactions use the pool's); PostgreSQL runs each one's in turn. */
const PIPELINES = 2;

/** PostgreSQL when a URL is given, else PGlite (in `dataDir`, or in memory, or from a dump). */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.url ? openPostgres(opts.url, opts) : openPglite(opts);
}

async function openPostgres(url: string, opts: OpenOptions): Promise<Database> {
  // While PostgreSQL is unreachable or stuck, a request fails within seconds (and answers 503)
  // instead of hanging: a bounded wait for a connection, and for every statement.
  const onError = (err: Error) => opts.onPoolError?.(err);
  const config = {
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 3_000,
    statement_timeout: 10_000,
    query_timeout: 12_000,
  };
  const pool = guardPool(new PipelinedPool(config, PIPELINES, onError), onError);
  try {
    if (opts.migrationsDir) await migrateLocked(pool, opts.migrationsDir);
  } catch (err) {
    await pool.end();
    throw err;
  }
  const db = drizzlePg(pool, { schema: tables }) as unknown as Db;
  return { db, kind: "postgres", close: () => pool.end() };
}

/** The lock and the migration share one session: an advisory lock belongs to the session that took it. */
async function migrateLocked(pool: pg.Pool, migrationsFolder: string) {
  const key = MIGRATION_LOCK_KEY.toString();
  const session = await connectAtStart(pool);
  // A session whose unlock failed is not handed back to the pool: destroying it releases the lock.
  let broken: Error | undefined;
  try {
    await session.query("SELECT pg_advisory_lock($1::bigint)", [key]);
    try {
      await migratePg(drizzlePg(session), { migrationsFolder });
    } finally {
      await session.query("SELECT pg_advisory_unlock($1::bigint)", [key]).catch((err: Error) => {
        broken = err;
      });
    }
  } finally {
    session.release(broken);
  }
}

/**
 * The first connection, tried up to three times: at start-up the app's modules load while it is under
 * way, and on a busy machine that can hold the event loop past the pool's 3 s wait (a server process
 * on Node 24 exited so in CI). Requests keep the 3 s wait: an outage still answers 503 fast.
 */
async function connectAtStart(pool: pg.Pool, attempts = 3): Promise<pg.PoolClient> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await pool.connect();
    } catch (err) {
      if (attempt >= attempts) throw err;
    }
  }
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  if (opts.dataDir) prepareDataDir(opts.dataDir, opts.templateDir);
  const client = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    ...(opts.sharedBuffers
      ? { startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${opts.sharedBuffers}`] }
      : {}),
  });
  const migrationsFolder = opts.migrationsDir;
  try {
    if (migrationsFolder) await migratePglite(drizzlePglite(client), { migrationsFolder });
  } catch (err) {
    await client.close();
    throw err;
  }
  const db = drizzlePglite(client, { schema: tables }) as unknown as Db;
  return { db, kind: "pglite", close: () => client.close() };
}

/**
 * A new PGlite directory starts as a copy of the template, when there is one: opening it then costs
 * what opening any existing database costs. Copied beside it and renamed into place, so a start that
 * dies half-way leaves no half-made database behind.
 */
function prepareDataDir(dataDir: string, templateDir: string | undefined) {
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const isNew = !fs.existsSync(dataDir) || fs.readdirSync(dataDir).length === 0;
  if (isNew && templateDir && fs.existsSync(path.join(templateDir, "PG_VERSION"))) {
    const partial = `${dataDir}.partial`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.cpSync(templateDir, partial, { recursive: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.renameSync(partial, dataDir);
  }
  fs.mkdirSync(dataDir, { recursive: true });
}
