import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { tcpProxy } from "../test/tcp-proxy.ts";
import { guardPool } from "./pool.ts";

const serverUrl = process.env.DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A one-connection pool through a proxy the test can cut: a client it loses, it cannot hide. */
async function onePool(config: { query_timeout?: number } = {}) {
  const target = new URL(String(serverUrl));
  const proxy = await tcpProxy({ host: target.hostname, port: Number(target.port) });
  target.hostname = "127.0.0.1";
  target.port = String(proxy.port);
  const pool = guardPool(
    new pg.Pool({ connectionString: target.toString(), max: 1, connectionTimeoutMillis: 2_000, ...config }),
    () => {},
  );
  cleanups.push(async () => {
    await pool.end();
    await proxy.close();
  });
  return { pool, proxy, db: drizzle(pool) };
}

// PGlite has no pool and no connection to lose.
describe.skipIf(!serverUrl)("the pool (PostgreSQL only)", () => {
  it("gets back a client whose connection died under a transaction's BEGIN", async () => {
    const { pool, proxy, db } = await onePool();
    await db.execute(sql`select 1`);
    pool.once("acquire", () => proxy.cut());
    await expect(db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    proxy.restore();
    expect((await db.execute(sql`select 2 as n`)).rows).toEqual([{ n: 2 }]);
    expect(pool.totalCount).toBe(1);
  });

  it("drops a client that query_timeout left mid-statement, so the next query does not queue behind it", async () => {
    const { db } = await onePool({ query_timeout: 300 });
    await expect(db.transaction((tx) => tx.execute(sql`select pg_sleep(3)`))).rejects.toThrow();
    expect((await db.execute(sql`select 3 as n`)).rows).toEqual([{ n: 3 }]);
  });

  it("keeps a client whose statement the server refused: the connection is fine", async () => {
    const { pool, db } = await onePool();
    await expect(db.transaction((tx) => tx.execute(sql`select 1/0`))).rejects.toThrow();
    expect((await db.execute(sql`select pg_backend_pid() as pid`)).rows).toHaveLength(1);
    expect(pool.totalCount).toBe(1);
  });
});
