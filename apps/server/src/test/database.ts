import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "../db/client.ts";
import { withDatabase } from "./global-setup.ts";

/** A fresh, migrated database for one test file: PGlite by default, PostgreSQL when DATABASE_URL is set. */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  const template = inject("pgTemplate");
  if (url && template) {
    const name = `kindred_t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const database = await openDatabase({ url: withDatabase(url, name), migrate: false });
    return {
      ...database,
      async close() {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dump = new Blob([fs.readFileSync(inject("pgliteDump"))]);
  return openDatabase({ loadDataDir: dump, migrate: false });
}
