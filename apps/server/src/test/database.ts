import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "../db/client.ts";
import { withDatabase } from "./global-setup.ts";

/**
 * pg's pool.end() resolves once it has asked its connections to close, before the server has seen
 * them go. Dropping the database WITH (FORCE) at that moment terminated the stragglers, and their
 * "terminating connection" error reached a pool nobody listened to; so wait until they are gone and
 * drop it plainly. A connection still open after that is a leak, and the plain drop says so.
 */
async function untilDisconnected(admin: pg.Client, database: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await admin.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = $1",
      [database],
    );
    if (rows[0]?.n === 0 || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A fresh, migrated database for one test file: PGlite by default, PostgreSQL when DATABASE_URL is set.
 * `via` rewrites the URL the app connects with (e.g. through a proxy a test can cut).
 */
export async function openTestDatabase(via: (url: string) => string = (url) => url): Promise<Database> {
  const url = process.env.DATABASE_URL;
  const template = inject("pgTemplate");
  if (url && template) {
    const name = `kindred_t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const database = await openDatabase({ url: via(withDatabase(url, name)), migrationsDir: null });
    return {
      ...database,
      async close() {
        await database.close();
        await untilDisconnected(admin, name);
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        await admin.end();
      },
    };
  }
  const dump = new Blob([fs.readFileSync(inject("pgliteDump"))]);
  return openDatabase({ loadDataDir: dump, migrationsDir: null });
}
