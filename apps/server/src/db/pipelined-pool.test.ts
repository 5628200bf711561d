import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { afterEach, describe, expect, it } from "vitest";
import { tcpProxy } from "../test/tcp-proxy.ts";
import { PipelinedPool } from "./pipelined-pool.ts";
import { guardPool } from "./pool.ts";

const serverUrl = process.env.DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Two pipelined connections and a pool of two, through a proxy the test can cut. */
async function pipelined() {
  const target = new URL(String(serverUrl));
  const proxy = await tcpProxy({ host: target.hostname, port: Number(target.port) });
  target.hostname = "127.0.0.1";
  target.port = String(proxy.port);
  const errors: Error[] = [];
  const config = { connectionString: target.toString(), max: 2, connectionTimeoutMillis: 2_000 };
  const pool = guardPool(new PipelinedPool(config, 2, (err) => errors.push(err)), () => {});
  cleanups.push(async () => {
    if (!pool.ending) await pool.end();
    await proxy.close();
  });
  return { pool, proxy, errors, db: drizzle(pool) };
}

const pidOf = async (db: ReturnType<typeof drizzle>) =>
  Number((await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]?.pid);

// PGlite has one connection and no pool.
describe.skipIf(!serverUrl)("the pipelined pool (PostgreSQL only)", () => {
  it("answers many statements sent at once, each its own answer, on two connections and no pooled one", async () => {
    const { pool, db } = await pipelined();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        db.execute<{ n: number; pid: number }>(sql`select ${i}::int as n, pg_backend_pid() as pid`),
      ),
    );
    expect(answers.map((a) => a.rows[0]?.n)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(new Set(answers.map((a) => a.rows[0]?.pid)).size).toBe(2);
    expect(pool.totalCount).toBe(0);
  });

  it("prepares a named statement once per connection, however many copies are in flight", async () => {
    const { db } = await pipelined();
    const twice = db
      .select({ n: sql<number>`${sql.placeholder("n")}::int * 2`.as("n") })
      .from(sql`(select 1) as one`)
      .prepare("pipelined_twice");
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => twice.execute({ n: i })));
    expect(answers.map((rows) => rows[0]?.n)).toEqual(Array.from({ length: 20 }, (_, i) => i * 2));
  });

  it("fails a refused statement alone: the ones written beside it are answered", async () => {
    const { db } = await pipelined();
    const [bad, good] = await Promise.allSettled([
      db.execute(sql`select 1/0`),
      db.execute<{ n: number }>(sql`select 2 as n`),
    ]);
    expect(bad.status).toBe("rejected");
    expect(good.status === "fulfilled" && good.value.rows).toEqual([{ n: 2 }]);
  });

  it("gives a transaction a pooled connection of its own, which no other statement shares", async () => {
    const { pool, db } = await pipelined();
    const lanePids = new Set(await Promise.all([pidOf(db), pidOf(db), pidOf(db), pidOf(db)]));
    const inside = await db.transaction(async (tx) => {
      const pid = Number(
        (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]?.pid,
      );
      // A statement outside the transaction, meanwhile, is not in it.
      const outside = await db.execute<{ open: boolean }>(sql`select now() <> statement_timestamp() as open`);
      expect(outside.rows[0]?.open).toBe(false);
      return pid;
    });
    expect(lanePids.has(inside)).toBe(false);
    expect(pool.totalCount).toBe(1);
  });

  it("fails what was in flight on a lost connection, and opens a new one for what comes after", async () => {
    const { proxy, errors, db } = await pipelined();
    const before = await pidOf(db);
    // Cut while it is written or answered: either way it was on the connection that went.
    const lost = db.execute(sql`select pg_sleep(2)`);
    proxy.cut();
    await expect(lost).rejects.toThrow();
    proxy.restore();
    const after = await pidOf(db);
    expect(after).not.toBe(before);
    expect(errors.length).toBeGreaterThan(0);
  });

  it("fails statements sent while the database cannot be reached, and recovers when it can", async () => {
    const { proxy, db } = await pipelined();
    proxy.cut();
    await expect(db.execute(sql`select 1`)).rejects.toThrow();
    proxy.restore();
    expect((await db.execute<{ n: number }>(sql`select 3 as n`)).rows).toEqual([{ n: 3 }]);
  });

  it("refuses a statement after end(), rather than open a connection nobody will close", async () => {
    const { pool, db } = await pipelined();
    await pidOf(db);
    await pool.end();
    await expect(db.execute(sql`select 1`)).rejects.toMatchObject({
      cause: { message: "Cannot use a pool after calling end on the pool" },
    });
  });
});
