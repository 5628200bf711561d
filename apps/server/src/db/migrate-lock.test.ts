import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { loadEnv } from "../env.ts";
import { withDatabase } from "../test/global-setup.ts";
import { openDatabase } from "./client.ts";

const serverUrl = process.env.DATABASE_URL;
const { MIGRATIONS_DIR } = loadEnv({});

// PGlite is one process with one connection: nothing there can race, so the test would pass anyway.
describe.skipIf(!serverUrl)("migrations at start-up (PostgreSQL only; skipped on PGlite)", () => {
  it("four instances starting together on an empty database all start, and the migrations run once", async () => {
    const url = String(serverUrl);
    const name = `kindred_lock_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const starts = await Promise.allSettled(
        Array.from({ length: 4 }, () =>
          openDatabase({ url: withDatabase(url, name), migrationsDir: MIGRATIONS_DIR }),
        ),
      );
      for (const start of starts) if (start.status === "fulfilled") await start.value.close();
      expect(starts.map((s) => (s.status === "rejected" ? String(s.reason) : s.status))).toEqual(
        Array(4).fill("fulfilled"),
      );

      const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8"));
      const check = new pg.Client({ connectionString: withDatabase(url, name) });
      await check.connect();
      const applied = await check
        .query("SELECT hash, count(*)::int AS n FROM drizzle.__drizzle_migrations GROUP BY hash")
        .finally(() => check.end());
      expect(applied.rows).toHaveLength(journal.entries.length);
      expect(applied.rows.every((r) => r.n === 1)).toBe(true);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
