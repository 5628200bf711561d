// Mail on N instances (PostgreSQL only: PGlite is one in-process connection, so two "instances" on it
// take turns and SKIP LOCKED is never put to the test; and server processes need a shared database).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { type Database, openDatabase } from "../../db/client.ts";
import { loadEnv } from "../../env.ts";
import { openTestDatabase } from "../../test/database.ts";
import { GENEROUS_LIMITS } from "../../test/generous-limits.ts";
import { withDatabase } from "../../test/global-setup.ts";
import { type ServerProcess, startServer } from "../../test/processes.ts";
import { type SmtpSink, startSmtpSink } from "../../test/smtp-sink.ts";
import { queueMail } from "./outbox.ts";

const DATABASE_URL = process.env.DATABASE_URL;
const ORIGIN = "https://kindred.example";

async function until<T>(read: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

describe.skipIf(!DATABASE_URL)("two instances on one PostgreSQL database", () => {
  let sink: SmtpSink;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kindred-mail-"));

  beforeAll(async () => {
    sink = await startSmtpSink();
    let url = "";
    databases.push(await openTestDatabase((u) => (url = u)));
    // The second instance has its own pool of connections, as another process would.
    databases.push(await openDatabase({ url, migrationsDir: null }));
    const env = loadEnv({
      NODE_ENV: "test",
      WEB_DIST: "/nonexistent",
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      ...GENEROUS_LIMITS,
      SMTP_URL: sink.url,
      PUBLIC_ORIGIN: ORIGIN,
      MAIL_SWEEP_MS: "50",
    });
    for (const database of databases) apps.push(await buildApp({ env, db: database.db }));
    await Promise.all(apps.map((a) => a.ready()));
  });

  afterAll(async () => {
    for (const a of apps) await a.close();
    for (const d of databases.reverse()) await d.close();
    await sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("sends each of many queued mails exactly once", async () => {
    const [first, second] = databases as [Database, Database];
    const count = 60;
    const tag = randomBytes(4).toString("hex");
    const to = (i: number) => `many${tag}n${i}@example.com`;
    await first.db.transaction(async (tx) => {
      for (let i = 0; i < count; i++)
        await queueMail(tx, ORIGIN, {
          userId: null,
          to: to(i),
          username: "sam",
          content: { kind: "password_changed" },
        });
    });
    for (const a of apps) a.mail.kick();
    await until(async () => sink.received.filter((m) => m.to[0]?.startsWith(`many${tag}`)).length >= count);
    // Every row closed as sent, then every copy counted: one per row.
    await until(async () => {
      const { rows } = await (second.db as unknown as { $client: pg.Pool }).$client.query(
        "select count(*)::int as n from mail_outbox where to_address like $1 and outcome = 'sent'",
        [`many${tag}%`],
      );
      return rows[0].n === count;
    });
    const ids = sink.received.filter((m) => m.to[0]?.startsWith(`many${tag}`)).map((m) => m.messageId);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
  });
});

describe.skipIf(!DATABASE_URL)("a server process killed between commit and send", () => {
  const name = `kindred_mail_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  let sink: SmtpSink;
  // An SMTP server that takes the connection and never answers: the send hangs, claimed, unmarked.
  const silent = net.createServer(() => {});
  let db: pg.Client;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    sink = await startSmtpSink();
  });

  afterAll(async () => {
    for (const s of servers) await s.stop();
    await db?.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await sink.close();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  const env = (smtpUrl: string): Record<string, string> => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kindred-mail-proc-"));
    dirs.push(dir);
    return {
      DATABASE_URL: withDatabase(String(DATABASE_URL), name),
      DATA_DIR: dir,
      SMTP_URL: smtpUrl,
      PUBLIC_ORIGIN: ORIGIN,
      MAIL_SWEEP_MS: "100",
    };
  };

  it("loses no mail, and the next instance sends it once", async () => {
    const silentPort = (silent.address() as net.AddressInfo).port;
    const doomed = await startServer(await freePort(), env(`smtp://127.0.0.1:${silentPort}`));
    servers.push(doomed);
    db = new pg.Client({ connectionString: withDatabase(String(DATABASE_URL), name) });
    await db.connect();
    const to = `crash${randomBytes(4).toString("hex")}@example.com`;
    // Committed, as a feature's transaction commits it.
    const { rows } = await db.query(
      "insert into mail_outbox (to_address, kind, subject, html, text) values ($1, 'password_changed', 'Your Kindred password was changed', '<p>hi</p>', 'hi') returning id",
      [to],
    );
    const id = rows[0].id as number;
    // The instance claims it and is killed while the SMTP server keeps it waiting.
    await until(
      async () =>
        (await db.query("select attempts from mail_outbox where id = $1", [id])).rows[0].attempts === 1,
    );
    await doomed.kill();
    const left = (await db.query("select done_at, outcome from mail_outbox where id = $1", [id])).rows[0];
    expect(left).toEqual({ done_at: null, outcome: null });
    // Its lease is 2 minutes; the test ends it rather than wait for it.
    await db.query("update mail_outbox set next_attempt_at = now() where id = $1", [id]);
    servers.push(await startServer(await freePort(), env(sink.url)));
    const mail = await sink.waitFor(to, undefined, 20_000);
    expect(mail.messageId).toBe(`<outbox-${id}@kindred.example>`);
    await until(
      async () =>
        (await db.query("select outcome from mail_outbox where id = $1", [id])).rows[0].outcome === "sent",
    );
    expect(sink.received.filter((m) => m.to.includes(to))).toHaveLength(1);
  });
});
