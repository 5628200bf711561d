import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { repoRoot } from "../env.ts";
import { tables } from "./tables.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof tables>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export const migrationsFolder = path.join(repoRoot, "apps/server/drizzle");

/** PostgreSQL when a URL is given, else PGlite (in `dataDir`, or in memory, or from a dump). */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  loadDataDir?: Blob;
  migrate?: boolean;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle client's connection can drop (server restart, dropped database); without a listener
    // that error would crash the process. The pool replaces the client on next use.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema: tables }) as unknown as Db;
    if (opts.migrate !== false) await migratePg(drizzlePg(pool), { migrationsFolder });
    return { db, kind: "postgres", close: () => pool.end() };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir });
  const db = drizzlePglite(client, { schema: tables }) as unknown as Db;
  if (opts.migrate !== false) await migratePglite(drizzlePglite(client), { migrationsFolder });
  return { db, kind: "pglite", close: () => client.close() };
}
