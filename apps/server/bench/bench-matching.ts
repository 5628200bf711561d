// npm run bench:matching [-- --pglite-users 10000 --pg-users 100000 --samples 200 --pg URL
//                           --skip-pglite --skip-pg]
// Latency of POST /api/generate-matches through the real app (buildApp + inject, session cookie),
// on freshly seeded databases: PGlite in a temporary directory, and a PostgreSQL database created
// for the run and dropped after it (on the server of --pg, else DATABASE_URL, else the local one).
// Each measured call is a different seeded person; calls create matches, as they would in production.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../src/app.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import { users } from "../src/db/schema/users.ts";
import { loadEnv } from "../src/env.ts";
import { createSession } from "../src/features/auth/mutations.ts";
import { hashPassword } from "../src/features/auth/passwords.ts";
import { DEMO_PASSWORD, seedDatabase } from "../src/scripts/seed.ts";
import { GENEROUS_LIMITS } from "../src/test/generous-limits.ts";
import { measurePoolQuality, type PoolQuality } from "./pool-quality.ts";

const WARMUP_CALLS = 15;
const QUALITY_CALLERS = 40;

interface Row {
  database: string;
  users: number;
  matches: number;
  samples: number;
  ms: number[];
  results: number;
  created: number;
  quality: PoolQuality;
  seedSeconds: number;
}

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;

/** Spread-out seeded people: every k-th id, so the sample covers all cities, ages and plans. */
async function sampleIds(database: Database, count: number): Promise<number[]> {
  const rows = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.onboardingCompleted, true))
    .orderBy(users.id);
  const ids = rows.map((r) => r.id);
  const step = Math.max(1, Math.floor(ids.length / count));
  return ids.filter((_, i) => i % step === 0).slice(0, count);
}

async function run(label: string, database: Database, users: number, samples: number, hash: string) {
  const started = performance.now();
  const seeded = await seedDatabase(database.db, { users, reset: true, passwordHash: hash });
  const seedSeconds = (performance.now() - started) / 1000;
  const env = loadEnv({
    NODE_ENV: "test",
    WEB_DIST: "/nonexistent",
    LOG_LEVEL: "silent",
    ...GENEROUS_LIMITS,
  });
  const app = await buildApp({ env, db: database.db });
  const ids = await sampleIds(database, samples + WARMUP_CALLS);
  // Measured before any call changes the data: how close the nearest-candidates pool gets to scoring everyone.
  const quality = await measurePoolQuality(database.db, ids.slice(-QUALITY_CALLERS));
  const ms: number[] = [];
  let results = 0;
  let created = 0;
  for (const [i, id] of ids.entries()) {
    const cookie = `kindred_session=${await createSession(database.db, id)}`;
    const t = performance.now();
    const res = await app.inject({ method: "POST", url: "/api/generate-matches", headers: { cookie } });
    const elapsed = performance.now() - t;
    if (res.statusCode !== 200) throw new Error(`generate-matches answered ${res.statusCode}: ${res.body}`);
    if (i < WARMUP_CALLS) continue;
    const body = res.json() as { matchResults: unknown[]; newMatches: unknown[] };
    ms.push(elapsed);
    results += body.matchResults.length;
    created += body.newMatches.length;
  }
  await app.close();
  return {
    database: label,
    users: seeded.users,
    matches: seeded.matches,
    samples: ms.length,
    ms,
    results,
    created,
    quality,
    seedSeconds,
  };
}

async function benchPglite(users: number, samples: number, hash: string): Promise<Row> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kindred-bench-"));
  // As the server opens it: the same buffer cache.
  const env = loadEnv();
  const database = await openDatabase({
    dataDir: dir,
    migrationsDir: env.MIGRATIONS_DIR,
    sharedBuffers: env.PGLITE_SHARED_BUFFERS,
  });
  try {
    return await run("PGlite", database, users, samples, hash);
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function benchPostgres(serverUrl: string, users: number, samples: number, hash: string) {
  const name = `kindred_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), migrationsDir: loadEnv().MIGRATIONS_DIR });
  try {
    const version = String((await admin.query("SHOW server_version")).rows[0]?.server_version ?? "");
    return await run(`PostgreSQL ${version.split(" ")[0]}`, database, users, samples, hash);
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

function printTable(rows: Row[]) {
  const header =
    "| database | users | matches | calls | p50 ms | p95 ms | p99 ms | max ms | results/call | new/call | pool top-3 loss | pool recall@20 |";
  console.log(`\n${header}\n|${"---|".repeat(12)}`);
  for (const r of rows) {
    const s = [...r.ms].sort((a, b) => a - b);
    const cells = [
      r.database,
      r.users.toLocaleString("en-GB"),
      r.matches.toLocaleString("en-GB"),
      r.samples,
      percentile(s, 0.5).toFixed(1),
      percentile(s, 0.95).toFixed(1),
      percentile(s, 0.99).toFixed(1),
      (s.at(-1) ?? Number.NaN).toFixed(1),
      (r.results / r.samples).toFixed(1),
      (r.created / r.samples).toFixed(2),
      r.quality.top3Loss.toFixed(2),
      r.quality.recallAt20.toFixed(2),
    ];
    console.log(`| ${cells.join(" | ")} |`);
  }
  console.log(`\nSeeding: ${rows.map((r) => `${r.database} ${r.seedSeconds.toFixed(0)} s`).join(", ")}.`);
  console.log(
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}.`,
  );
}

async function main() {
  const samples = Number(flag("--samples") ?? 200);
  const pgServer = flag("--pg") ?? loadEnv().DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const hash = await hashPassword(DEMO_PASSWORD);
  const rows: Row[] = [];
  if (!process.argv.includes("--skip-pglite")) {
    rows.push(await benchPglite(Number(flag("--pglite-users") ?? 10_000), samples, hash));
  }
  if (!process.argv.includes("--skip-pg")) {
    const users = Number(flag("--pg-users") ?? 100_000);
    rows.push(await benchPostgres(pgServer, users, samples, hash));
  }
  printTable(rows);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
