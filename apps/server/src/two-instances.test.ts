// N instances for real: two server processes on their own ports and data folders, one PostgreSQL
// database, one Redis. Everything a person does on one reaches a person on the other.
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "./test/global-setup.ts";
import { type ServerProcess, startServer } from "./test/processes.ts";
import { TestSocket } from "./test/sockets.ts";

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;

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

describe.skipIf(!DATABASE_URL || !REDIS_URL)("two server processes on PostgreSQL and Redis", () => {
  const name = `kindred_two_${randomBytes(5).toString("hex")}`;
  const dirs: string[] = [];
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  let a: ServerProcess;
  let b: ServerProcess;
  let db: pg.Client;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const env = (): Record<string, string> => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kindred-two-"));
      dirs.push(dir);
      return {
        DATABASE_URL: withDatabase(String(DATABASE_URL), name),
        REDIS_URL: String(REDIS_URL),
        REDIS_PREFIX: `${name}:`,
        DATA_DIR: dir,
        // A 6-second first call and a quick sweep, so the deadline comes within the test.
        CALL_TIME_SCALE: "0.02",
        CALL_SWEEP_MS: "200",
        STUN_URLS: "",
        SHUTDOWN_DRAIN_MS: "1500",
      };
    };
    // Started together on an empty database: the migrations must not race (an advisory lock).
    [a, b] = await Promise.all([startServer(await freePort(), env()), startServer(await freePort(), env())]);
    db = new pg.Client({ connectionString: withDatabase(String(DATABASE_URL), name) });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
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
        ...(body instanceof FormData ? {} : body ? { "content-type": "application/json" } : {}),
      },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, res, json: () => res.clone().json() };
  }

  async function register(on: ServerProcess, username: string): Promise<Person> {
    const { status, res } = await call(on, "POST", "/api/register", undefined, {
      username,
      password: "secret123",
      email: `${username}@example.com`,
    });
    if (status !== 201) throw new Error(`register ${status}: ${await res.text()}`);
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    return { id: (await res.json()).id, username, cookie };
  }

  it("carries presence, a ringing call, signalling, chat, photos and the sign-in limit between instances", async () => {
    const tag = randomBytes(3).toString("hex");
    const alice = await register(a, `alice${tag}`);
    const bob = await register(b, `bob${tag}`);
    const { rows } = await db.query(
      `insert into matches (user_id_1, user_id_2, compatibility, is_chat_unlocked, are_photos_revealed)
       values ($1, $2, 80, true, true) returning id`,
      [Math.min(alice.id, bob.id), Math.max(alice.id, bob.id)],
    );
    const matchId = rows[0].id as number;

    // Presence: Bob comes online on B, Alice (on A) is told.
    const aliceTab = await TestSocket.open(a.url, "/ws", { cookie: alice.cookie });
    // Answered once Alice's channel on A is subscribed: Bob's arrival cannot be published before.
    aliceTab.send({ type: "register", userId: alice.id });
    await aliceTab.next("registered", 5_000);
    const bobTab = await TestSocket.open(b.url, "/ws", { cookie: bob.cookie });
    expect(await aliceTab.next("presence", 5_000)).toEqual({
      type: "presence",
      userId: bob.id,
      online: true,
    });

    // A call from A rings on B.
    const started = await call(a, "POST", "/api/calls", alice, { matchId });
    expect(started.status).toBe(201);
    const callId = (await started.json()).id as number;
    expect(await bobTab.next("call:incoming", 5_000)).toMatchObject({ callId, from: { id: alice.id } });
    expect((await call(b, "PATCH", `/api/calls/${callId}`, bob, { status: "active" })).status).toBe(200);

    // Signalling: both join the room on their own instance; an offer crosses.
    const roomId = `call-${callId}`;
    const aliceRtc = await TestSocket.open(a.url, "/rtc", { cookie: alice.cookie });
    const aliceConn = (await aliceRtc.next("session_created", 5_000)).sessionId as string;
    const bobRtc = await TestSocket.open(b.url, "/rtc", { cookie: bob.cookie });
    aliceRtc.send({ type: "join_room", roomId, data: { callId } });
    await aliceRtc.next("room_joined", 5_000);
    bobRtc.send({ type: "join_room", roomId, data: { callId } });
    await bobRtc.next("room_joined", 5_000);
    const offer = { sdp: { type: "offer", sdp: "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n" } };
    aliceRtc.send({ type: "offer", roomId, targetUserId: bob.id, data: offer });
    expect(await bobRtc.next("offer", 5_000)).toEqual({
      type: "offer",
      roomId,
      fromUserId: alice.id,
      fromConnectionId: aliceConn,
      data: offer,
    });

    // Chat: sent on B, pushed on A.
    const sent = await call(b, "POST", `/api/matches/${matchId}/messages`, bob, {
      content: "hello across",
      clientId: randomUUID(),
    });
    expect(sent.status).toBe(201);
    expect((await aliceTab.next("chat:message", 5_000)).message).toMatchObject({ content: "hello across" });

    // A photo uploaded through A is served by B (their data folders differ: it comes from PostgreSQL).
    const form = new FormData();
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#f60" } })
      .png()
      .toBuffer();
    form.append("photo", new Blob([new Uint8Array(png)], { type: "image/png" }), "me.png");
    expect((await call(a, "POST", "/api/profile/photo", alice, form)).status).toBe(200);
    const photo = await call(b, "GET", `/api/users/${alice.id}/photo`, bob);
    expect(photo.status).toBe(200);
    expect(photo.res.headers.get("content-type")).toBe("image/webp");

    // The sign-in limit counts guesses on both instances together.
    const guesses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const on = i % 2 === 0 ? a : b;
      guesses.push(
        (await call(on, "POST", "/api/login", undefined, { username: bob.username, password: `wrong-${i}` }))
          .status,
      );
    }
    expect(guesses).toEqual([401, 401, 401, 401, 401, 429, 429]);

    // A crashes mid-call: Bob, on B, is told the call ended, by B's deadline sweep.
    await a.kill();
    let ended = await bobTab.next("call:status", 15_000);
    while (ended.status === "active" || ended.status === "pending")
      ended = await bobTab.next("call:status", 15_000);
    expect(ended).toMatchObject({ callId, status: "completed", reason: "deadline" });
    const { rows: callRows } = await db.query("select status, end_reason from calls where id = $1", [callId]);
    expect(callRows[0]).toEqual({ status: "completed", end_reason: "deadline" });
    await Promise.all([bobTab.close(), bobRtc.close()]);
  }, 90_000);

  it("on SIGTERM fails readiness first, still serves, then closes sockets with 1012 and exits 0", async () => {
    const carol = await register(b, `carol${randomBytes(3).toString("hex")}`);
    const tab = await TestSocket.open(b.url, "/ws", { cookie: carol.cookie });
    const stopped = b.stop();
    await expect.poll(async () => (await call(b, "GET", "/api/ready")).status, { timeout: 1_000 }).toBe(503);
    expect((await call(b, "GET", "/api/health")).status).toBe(200);
    expect((await call(b, "GET", "/api/user", carol)).status).toBe(200);
    expect((await tab.closed).code).toBe(1012);
    expect(await stopped).toBe(0);
  }, 30_000);
});
