// An instance SIGKILLed while its member is on a call leaves no ghosts: the survivor reclaims its call
// room memberships and presence once its heartbeat lapses, tells the other participant, and ends the
// call on peer_gone if the person does not come back. Two real server processes on PostgreSQL + Redis.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../test/global-setup.ts";
import { type ServerProcess, startServer } from "../test/processes.ts";
import { TestSocket } from "../test/sockets.ts";

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
/** A heartbeat every 300 ms; an instance silent for 900 ms is taken for crashed. */
const INSTANCE_TTL_MS = 900;
/** The peer-gone grace, shortened from 20 s, yet long enough to come back within it. */
const PEER_GONE_MS = 4_000;
/** Presence keeps its real TTL: 'offline' must come from the reclaim, not from the TTL. */
const PRESENCE_TTL_MS = 45_000;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

interface Person {
  id: number;
  username: string;
  cookie: string;
}

describe.skipIf(!DATABASE_URL || !REDIS_URL)("an instance killed mid-call", () => {
  const name = `kindred_crash_${randomBytes(5).toString("hex")}`;
  const dirs: string[] = [];
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  let one: ServerProcess;
  let two: ServerProcess;
  let db: pg.Client;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const env = (): Record<string, string> => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kindred-crash-"));
      dirs.push(dir);
      return {
        DATABASE_URL: withDatabase(String(DATABASE_URL), name),
        REDIS_URL: String(REDIS_URL),
        REDIS_PREFIX: `${name}:`,
        DATA_DIR: dir,
        INSTANCE_TTL_MS: String(INSTANCE_TTL_MS),
        CALL_PEER_GONE_MS: String(PEER_GONE_MS),
        PRESENCE_TTL_MS: String(PRESENCE_TTL_MS),
        CALL_SWEEP_MS: "200",
        STUN_URLS: "",
      };
    };
    [one, two] = await Promise.all([
      startServer(await freePort(), env()),
      startServer(await freePort(), env()),
    ]);
    db = new pg.Client({ connectionString: withDatabase(String(DATABASE_URL), name) });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await Promise.all([one?.kill(), two?.kill()]);
    await db?.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function call(on: ServerProcess, method: string, url: string, who?: Person, body?: unknown) {
    const res = await fetch(`${on.url}${url}`, {
      method,
      headers: {
        ...(who ? { cookie: who.cookie } : {}),
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: () => res.json() };
  }

  async function register(on: ServerProcess, username: string): Promise<Person> {
    const res = await fetch(`${on.url}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username, password: "secret123", email: `${username}@example.com` }),
    });
    if (res.status !== 201) throw new Error(`register ${res.status}: ${await res.text()}`);
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    return { id: (await res.json()).id, username, cookie };
  }

  it("tells the other participant within the grace, ends the call on peer_gone, and takes presence offline", async () => {
    const tag = randomBytes(3).toString("hex");
    const alice = await register(one, `alice${tag}`);
    const bob = await register(two, `bob${tag}`);
    const { rows } = await db.query(
      "insert into matches (user_id_1, user_id_2, compatibility) values ($1, $2, 80) returning id",
      [Math.min(alice.id, bob.id), Math.max(alice.id, bob.id)],
    );
    const matchId = rows[0].id as number;

    // Alice on instance one, Bob on instance two; Bob sees Alice online.
    const bobTab = await TestSocket.open(two.url, "/ws", { cookie: bob.cookie });
    const aliceTab = await TestSocket.open(one.url, "/ws", { cookie: alice.cookie });
    await bobTab.next("presence", 5_000, (f) => f.userId === alice.id && f.online === true);
    expect(aliceTab.ws.readyState).toBe(aliceTab.ws.OPEN);

    // An active call, both in its room on their own instance.
    const started = await call(one, "POST", "/api/calls", alice, { matchId });
    expect(started.status).toBe(201);
    const callId = (await started.json()).id as number;
    expect((await call(two, "PATCH", `/api/calls/${callId}`, bob, { status: "active" })).status).toBe(200);
    const roomId = `call-${callId}`;
    const aliceRtc = await TestSocket.open(one.url, "/rtc", { cookie: alice.cookie });
    const aliceConn = (await aliceRtc.next("session_created", 5_000)).sessionId as string;
    const bobRtc = await TestSocket.open(two.url, "/rtc", { cookie: bob.cookie });
    aliceRtc.send({ type: "join_room", roomId, data: { callId } });
    await aliceRtc.next("room_joined", 5_000);
    bobRtc.send({ type: "join_room", roomId, data: { callId } });
    await bobRtc.next("room_joined", 5_000);

    // Instance one crashes: nothing of it says goodbye.
    const killedAt = performance.now();
    let offlineAfterMs = Number.POSITIVE_INFINITY;
    bobTab.ws.on("message", (raw) => {
      const f = JSON.parse(raw.toString()) as { type: string; userId?: number; online?: boolean };
      if (f.type === "presence" && f.userId === alice.id && f.online === false)
        offlineAfterMs = Math.min(offlineAfterMs, performance.now() - killedAt);
    });
    await one.kill();
    const left = await bobRtc.next("participant_left", PEER_GONE_MS);
    const toldAfterMs = performance.now() - killedAt;
    expect(left).toEqual({ type: "participant_left", roomId, userId: alice.id, connectionId: aliceConn });
    expect(toldAfterMs).toBeLessThan(PEER_GONE_MS);

    // Alice comes back through instance two within the grace, and leaves again: Bob is told again
    // (no ghost of instance one keeps her "in the room").
    const aliceAgain = await TestSocket.open(two.url, "/rtc", { cookie: alice.cookie });
    const againConn = (await aliceAgain.next("session_created", 5_000)).sessionId as string;
    aliceAgain.send({ type: "join_room", roomId, data: { callId } });
    await aliceAgain.next("room_joined", 5_000);
    await bobRtc.next("participant_joined", 5_000, (f) => f.userId === alice.id);
    await aliceAgain.close();
    expect(await bobRtc.next("participant_left", 5_000)).toEqual({
      type: "participant_left",
      roomId,
      userId: alice.id,
      connectionId: againConn,
    });

    // She does not return: the call ends on peer_gone after the grace, well before its deadline.
    const ended = await bobTab.next("call:status", PEER_GONE_MS + 5_000, (f) => f.status === "completed");
    expect(ended).toMatchObject({ callId, status: "completed", reason: "peer_gone" });
    const { rows: callRows } = await db.query("select status, end_reason from calls where id = $1", [callId]);
    expect(callRows[0]).toEqual({ status: "completed", end_reason: "peer_gone" });

    // Presence: 'offline' reached Bob from the reclaim, long before the 45-second TTL.
    await bobTab.next("presence", 15_000, (f) => f.userId === alice.id && f.online === false);
    expect(offlineAfterMs).toBeLessThan(15_000);
    if (process.env.MEASURE) console.info({ toldAfterMs, offlineAfterMs });
    await Promise.all([bobTab.close(), bobRtc.close()]);
  }, 90_000);
});
