// Migrates once per run: a PGlite dump every test file loads (~0.5 s instead of ~2.5 s), and,
// when DATABASE_URL is set, a PostgreSQL template database every test file copies.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client.ts";
import { loadEnv } from "../env.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string | null;
  }
}

/**
 * The test push endpoint's certificate (push-endpoint.ts) joins the CAs the workers trust. Node reads
 * NODE_EXTRA_CA_CERTS once, at process start: set here, before Vitest forks its workers, it reaches
 * them, and the app under test verifies TLS exactly as in production. A file already named there is kept.
 */
function trustPushEndpoint(dir: string) {
  const cert = path.join(import.meta.dirname, "fixtures/push-endpoint.crt");
  const existing = process.env.NODE_EXTRA_CA_CERTS;
  if (!existing || existing === cert) {
    process.env.NODE_EXTRA_CA_CERTS = cert;
    return;
  }
  const bundle = path.join(dir, "extra-ca-certs.pem");
  fs.writeFileSync(bundle, `${fs.readFileSync(existing, "utf8")}\n${fs.readFileSync(cert, "utf8")}`);
  process.env.NODE_EXTRA_CA_CERTS = bundle;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kindred-test-"));
  trustPushEndpoint(dir);
  const { MIGRATIONS_DIR } = loadEnv({});
  const database = await openDatabase({ migrationsDir: MIGRATIONS_DIR });
  const dumpFile = path.join(dir, "template.tar.gz");
  const client = (database.db as unknown as { $client: { dumpDataDir(c: "gzip"): Promise<Blob> } }).$client;
  fs.writeFileSync(dumpFile, Buffer.from(await (await client.dumpDataDir("gzip")).arrayBuffer()));
  await database.close();
  project.provide("pgliteDump", dumpFile);

  const url = process.env.DATABASE_URL;
  let template: string | null = null;
  if (url) {
    template = `kindred_tmpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const migrated = await openDatabase({ url: withDatabase(url, template), migrationsDir: MIGRATIONS_DIR });
    await migrated.close();
    await admin.end();
  }
  project.provide("pgTemplate", template);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (url && template) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    }
  };
}
