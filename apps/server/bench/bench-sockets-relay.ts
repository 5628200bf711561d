// Relay latency for `npm run bench:sockets`: ice_candidate frames from one person of a ringing call
// to the other, through the real app (one instance, or two over Redis) and through bare `ws` servers.
import { callRoomId } from "@kindred/shared/calls";
import { SIGNALLING_SOCKET_PATH } from "@kindred/shared/signalling";
import pg from "pg";
import type { AppCommands, AppStart } from "./bench-sockets-app-host.ts";
import type { BareCommands } from "./bench-sockets-bare.ts";
import {
  appTarget,
  closeAll,
  driveRelay,
  nextFrame,
  openMany,
  type RelayOptions,
  type RelayPair,
} from "./bench-sockets-clients.ts";
import type { CallPair } from "./bench-sockets-people.ts";
import type { RelayRow } from "./bench-sockets-report.ts";
import { ChildProcessHost, withChild } from "./bench-sockets-rpc.ts";

export interface RelaySetup extends RelayOptions {
  pairs: number;
}

type Redis = NonNullable<AppStart["redis"]>;

async function timed(path: string, pairs: RelayPair[], setup: RelaySetup): Promise<RelayRow> {
  try {
    return { path, result: await driveRelay(pairs, setup) };
  } finally {
    await closeAll(pairs.flatMap((p) => [p.a, p.b]));
  }
}

/** Both people of each call on /rtc (a on the first instance, b on the second), both in the room. */
async function appPairs(pairs: CallPair[], [urlA = "", urlB = urlA]: string[]): Promise<RelayPair[]> {
  const as = await openMany(pairs.map((p) => appTarget(urlA, SIGNALLING_SOCKET_PATH, p.a.cookie)));
  const bs = await openMany(pairs.map((p) => appTarget(urlB, SIGNALLING_SOCKET_PATH, p.b.cookie)));
  const joined = pairs.map((p, i) => ({ a: as[i], b: bs[i], roomId: callRoomId(p.callId) }) as RelayPair);
  const joins = joined.flatMap(({ a, b, roomId }) =>
    [a, b].map((ws) => {
      const answer = nextFrame(ws, "room_joined");
      ws.send(JSON.stringify({ type: "join_room", roomId }));
      return answer;
    }),
  );
  await Promise.all(joins);
  return joined;
}

/** The same shape of pairs on bare servers: b first, so that it is registered before a sends. */
async function barePairs(count: number, [url1 = "", url2 = url1]: string[]): Promise<RelayPair[]> {
  const ids = Array.from({ length: count }, (_, i) => i + 1);
  const bs = await openMany(ids.map((i) => ({ url: `${url2}/?pair=${i}&side=b` })));
  const as = await openMany(ids.map((i) => ({ url: `${url1}/?pair=${i}&side=a` })));
  return ids.map((id, i) => ({ a: as[i], b: bs[i], roomId: callRoomId(id) }) as RelayPair);
}

export function relayBare(setup: RelaySetup, redis?: Redis): Promise<RelayRow> {
  const path = redis ? "bare ws, two servers over Redis pub/sub" : "bare ws, one server";
  return withChild<BareCommands, RelayRow>("bare", async (bare) => {
    const urls = await bare.call("start", { redis });
    return timed(path, await barePairs(setup.pairs, urls), setup);
  });
}

/** One app instance, its in-process bus, an in-memory PGlite. */
export function relayApp(setup: RelaySetup): Promise<RelayRow> {
  return withChild<AppCommands, RelayRow>("app", async (app) => {
    const urls = await app.call("start", { instances: 1 });
    const pairs = await app.call("pairs", setup.pairs);
    return timed("app, one instance (in-process bus)", await appPairs(pairs, urls), setup);
  });
}

/** A database on that server for this run only; dropped after it. */
async function withBenchDatabase<T>(serverUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `kindred_bench_sockets_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/**
 * Two app instances, each with its own Redis connections, a on the first and b on the second. On
 * PostgreSQL (`postgresUrl`), two processes, as in production; on PGlite, whose database one process
 * owns, two apps in one process sharing it (as test/cluster.ts does).
 */
export async function relayAppOverRedis(setup: RelaySetup, redis: Redis, postgresUrl?: string) {
  if (!postgresUrl) {
    return withChild<AppCommands, RelayRow>("app", async (app) => {
      const urls = await app.call("start", { instances: 2, redis });
      const pairs = await app.call("pairs", setup.pairs);
      const path = "app, two instances over Redis (two apps in one process, PGlite)";
      return timed(path, await appPairs(pairs, urls), setup);
    });
  }
  return withBenchDatabase(postgresUrl, async (databaseUrl) => {
    const hosts: ChildProcessHost<AppCommands>[] = [];
    try {
      const urls: string[] = [];
      // One after the other: the first migrates the database the second then opens.
      for (const migrate of [true, false]) {
        const host = ChildProcessHost.start<AppCommands>("app");
        hosts.push(host);
        urls.push(...(await host.call("start", { instances: 1, redis, databaseUrl, migrate })));
      }
      const pairs = await (hosts[0] as ChildProcessHost<AppCommands>).call("pairs", setup.pairs);
      const path = "app, two instances over Redis (two processes, PostgreSQL)";
      return await timed(path, await appPairs(pairs, urls), setup);
    } finally {
      for (const host of hosts) await host.stop();
    }
  });
}
