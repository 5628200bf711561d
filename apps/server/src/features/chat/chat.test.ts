// Conversations: the gate, who may read, idempotent and ordered sends, paging, unread and read
// positions, limits, pushes, and what an ended match or a deleted account leaves behind.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { matches } from "../../db/schema/matches.ts";
import { messages } from "../../db/schema/messages.ts";
import { registerUser } from "../../test/app.ts";
import { matchUsers, useCluster } from "../../test/cluster.ts";
import { TestSocket } from "../../test/sockets.ts";

const cluster = useCluster("one instance");
const app = () => cluster.apps[0];
const req = (cookie: string, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  app().inject({ method, url, payload, headers: { cookie } });
const send = (cookie: string, matchId: number, content: string, clientId = randomUUID()) =>
  req(cookie, "POST", `/api/matches/${matchId}/messages`, { content, clientId });

async function pair({ unlocked = true } = {}) {
  const a = await registerUser(app());
  const b = await registerUser(app());
  const matchId = await matchUsers(cluster.db, a.id, b.id);
  if (unlocked)
    await cluster.db
      .update(matches)
      .set({ isChatUnlocked: true, callCount: 2 })
      .where(eq(matches.id, matchId));
  return { a, b, matchId };
}

describe("the chat gate and who may read", () => {
  it("answers 403 with DECISIONS' sentence before the unlock, and 200 after", async () => {
    const { a, matchId } = await pair({ unlocked: false });
    for (const res of [
      await req(a.cookie, "GET", `/api/matches/${matchId}/messages`),
      await send(a.cookie, matchId, "hi"),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: "Chat will unlock after your second audio call." });
    }
    expect((await req(a.cookie, "GET", "/api/chats")).json()).toEqual([]);
    await cluster.db.update(matches).set({ isChatUnlocked: true }).where(eq(matches.id, matchId));
    expect((await send(a.cookie, matchId, "hi")).statusCode).toBe(201);
    expect((await req(a.cookie, "GET", `/api/matches/${matchId}/messages`)).statusCode).toBe(200);
  });

  it("keeps a match's messages to its two people: anyone else gets 404, and an ended match closes it for both", async () => {
    const { a, b, matchId } = await pair();
    const stranger = await registerUser(app());
    await send(a.cookie, matchId, "for your ears only");
    expect((await req(stranger.cookie, "GET", `/api/matches/${matchId}/messages`)).statusCode).toBe(404);
    expect((await send(stranger.cookie, matchId, "let me in")).statusCode).toBe(404);
    expect((await req(stranger.cookie, "POST", `/api/matches/${matchId}/read`, {})).statusCode).toBe(404);
    expect(JSON.stringify((await req(stranger.cookie, "GET", "/api/chats")).json())).not.toContain("ears");
    await cluster.db.update(matches).set({ status: "blocked" }).where(eq(matches.id, matchId));
    for (const who of [a, b]) {
      expect((await req(who.cookie, "GET", `/api/matches/${matchId}/messages`)).statusCode).toBe(404);
      expect((await req(who.cookie, "GET", "/api/chats")).json()).toEqual([]);
    }
  });
});

describe("sending", () => {
  it("is idempotent by clientId: a retry returns the same message and stores nothing new", async () => {
    const { a, matchId } = await pair();
    const clientId = randomUUID();
    const first = await send(a.cookie, matchId, "Hello!", clientId);
    const retry = await send(a.cookie, matchId, "Hello!", clientId);
    const [x, y] = await Promise.all([
      send(a.cookie, matchId, "Again", clientId),
      send(a.cookie, matchId, "Again", clientId),
    ]);
    expect(first.statusCode).toBe(201);
    expect([retry.statusCode, x.statusCode, y.statusCode]).toEqual([200, 200, 200]);
    expect(retry.json()).toEqual(first.json());
    const rows = await cluster.db.select().from(messages).where(eq(messages.matchId, matchId));
    expect(rows).toHaveLength(1);
  });

  it("orders by the server's sequence, gapless, even for parallel senders", async () => {
    const { a, b, matchId } = await pair();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(i % 2 ? a.cookie : b.cookie, matchId, `m${i}`)),
    );
    const page = (await req(a.cookie, "GET", `/api/matches/${matchId}/messages`)).json();
    expect(page.messages.map((m: { seq: number }) => m.seq)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it("trims, refuses blank and over-long text with a sentence, and limits 30 a minute per match", async () => {
    const { a, matchId } = await pair();
    expect((await send(a.cookie, matchId, "   ")).json()).toEqual({
      message: "Please type a message",
      field: "content",
    });
    expect((await send(a.cookie, matchId, "x".repeat(2_001))).json().message).toBe(
      "Please keep a message under 2,000 characters",
    );
    expect((await send(a.cookie, matchId, "  padded  ")).json().content).toBe("padded");
    expect(
      (await req(a.cookie, "POST", `/api/matches/${matchId}/messages`, { content: "hi", clientId: "nope" }))
        .statusCode,
    ).toBe(400);
    for (let i = 0; i < 29; i++) expect((await send(a.cookie, matchId, `n${i}`)).statusCode).toBe(201);
    const limited = await send(a.cookie, matchId, "one too many");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/sending messages very quickly/);
    // When the first of the minute's 30 leaves the window: within the minute, never 0.
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });
});

describe("reading", () => {
  it("pages with an `after` cursor and a limit", async () => {
    const { a, matchId } = await pair();
    for (let i = 1; i <= 5; i++) await send(a.cookie, matchId, `m${i}`);
    const first = (await req(a.cookie, "GET", `/api/matches/${matchId}/messages?limit=2`)).json();
    expect(first.messages.map((m: { content: string }) => m.content)).toEqual(["m1", "m2"]);
    expect(first.hasMore).toBe(true);
    const rest = (await req(a.cookie, "GET", `/api/matches/${matchId}/messages?after=2&limit=10`)).json();
    expect(rest.messages.map((m: { seq: number }) => m.seq)).toEqual([3, 4, 5]);
    expect(rest.hasMore).toBe(false);
    expect((await req(a.cookie, "GET", `/api/matches/${matchId}/messages?limit=500`)).statusCode).toBe(400);
  });

  it("counts unread from the other person only, clears it on read, and never moves the position back", async () => {
    const { a, b, matchId } = await pair();
    await send(a.cookie, matchId, "one");
    await send(a.cookie, matchId, "two");
    await send(b.cookie, matchId, "mine");
    const chats = (await req(b.cookie, "GET", "/api/chats")).json();
    expect(chats).toMatchObject([
      { unreadCount: 2, lastMessage: { content: "mine" }, match: { id: matchId } },
    ]);
    expect((await req(a.cookie, "GET", "/api/chats")).json()[0].unreadCount).toBe(1);
    expect((await req(b.cookie, "POST", `/api/matches/${matchId}/read`, { upToSeq: 1 })).json()).toEqual({
      readUpTo: 1,
    });
    expect((await req(b.cookie, "GET", "/api/chats")).json()[0].unreadCount).toBe(1);
    expect((await req(b.cookie, "POST", `/api/matches/${matchId}/read`, {})).json()).toEqual({ readUpTo: 3 });
    expect((await req(b.cookie, "POST", `/api/matches/${matchId}/read`, { upToSeq: 1 })).json()).toEqual({
      readUpTo: 3,
    });
    expect((await req(b.cookie, "GET", "/api/chats")).json()[0].unreadCount).toBe(0);
    const page = (await req(a.cookie, "GET", `/api/matches/${matchId}/messages`)).json();
    expect(page.otherReadUpTo).toBe(3);
    expect(page.messages.map((m: { isRead: boolean }) => m.isRead)).toEqual([true, true, false]);
    // A poll with nothing new still says how far the other has read.
    const nothingNew = (await req(a.cookie, "GET", `/api/matches/${matchId}/messages?after=3`)).json();
    expect(nothingNew).toEqual({ messages: [], hasMore: false, otherReadUpTo: 3 });
  });

  it("lists chats newest activity first", async () => {
    const me = await registerUser(app());
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const other = await registerUser(app());
      const id = await matchUsers(cluster.db, me.id, other.id);
      await cluster.db.update(matches).set({ isChatUnlocked: true }).where(eq(matches.id, id));
      ids.push(id);
    }
    await send(me.cookie, ids[1] as number, "older");
    await send(me.cookie, ids[0] as number, "newer");
    const order = (await req(me.cookie, "GET", "/api/chats"))
      .json()
      .map((c: { match: { id: number } }) => c.match.id);
    expect(order.slice(0, 2)).toEqual([ids[0], ids[1]]);
  });
});

describe("pushes", () => {
  it("pushes a new message to the recipient and the sender's other tabs, and a read to both", async () => {
    const { a, b, matchId } = await pair();
    const bTab = await TestSocket.open(cluster.urls[0], "/ws", { cookie: b.cookie });
    const aOtherTab = await TestSocket.open(cluster.urls[0], "/ws", { cookie: a.cookie });
    const sent = (await send(a.cookie, matchId, "ping me")).json();
    expect(await bTab.next("chat:message")).toEqual({ type: "chat:message", message: sent });
    expect((await aOtherTab.next("chat:message")).message).toEqual(sent);
    // And the other way: whichever side of the match sends, the other is told.
    const reply = (await send(b.cookie, matchId, "pong")).json();
    expect(await aOtherTab.next("chat:message")).toEqual({ type: "chat:message", message: reply });
    await req(b.cookie, "POST", `/api/matches/${matchId}/read`, {});
    expect(await aOtherTab.next("chat:read")).toEqual({
      type: "chat:read",
      matchId,
      userId: b.id,
      upToSeq: reply.seq,
    });
    await Promise.all([bTab.close(), aOtherTab.close()]);
  });
});

describe("notes", () => {
  it("are the author's alone: the partner gets none, and 404 for the author's note ids", async () => {
    const { a, b, matchId } = await pair({ unlocked: false });
    const created = await req(a.cookie, "POST", `/api/matches/${matchId}/notes`, {
      content: "  Loves jazz  ",
    });
    expect(created.statusCode).toBe(201);
    const note = created.json();
    expect(note).toMatchObject({ matchId, content: "Loves jazz" });
    expect((await req(b.cookie, "GET", `/api/matches/${matchId}/notes`)).json()).toEqual([]);
    expect(
      (await req(b.cookie, "PATCH", `/api/matches/${matchId}/notes/${note.id}`, { content: "mine now" }))
        .statusCode,
    ).toBe(404);
    expect((await req(b.cookie, "DELETE", `/api/matches/${matchId}/notes/${note.id}`)).statusCode).toBe(404);
    const stranger = await registerUser(app());
    expect((await req(stranger.cookie, "GET", `/api/matches/${matchId}/notes`)).statusCode).toBe(404);
    const edited = await req(a.cookie, "PATCH", `/api/matches/${matchId}/notes/${note.id}`, {
      content: "Loves jazz and rain",
    });
    expect(edited.json().content).toBe("Loves jazz and rain");
    expect((await req(a.cookie, "GET", `/api/matches/${matchId}/notes`)).json()).toHaveLength(1);
    expect((await req(a.cookie, "DELETE", `/api/matches/${matchId}/notes/${note.id}`)).json()).toEqual({
      ok: true,
    });
    expect((await req(a.cookie, "GET", `/api/matches/${matchId}/notes`)).json()).toEqual([]);
  });

  it("refuses blank and over-long notes with a sentence", async () => {
    const { a, matchId } = await pair();
    expect(
      (await req(a.cookie, "POST", `/api/matches/${matchId}/notes`, { content: " " })).json().message,
    ).toBe("Please write a note");
    expect(
      (await req(a.cookie, "POST", `/api/matches/${matchId}/notes`, { content: "n".repeat(5_001) })).json()
        .message,
    ).toBe("Please keep a note under 5,000 characters");
  });
});

describe("deleting an account", () => {
  it("takes its messages and notes with it", async () => {
    const { a, b, matchId } = await pair();
    await send(a.cookie, matchId, "bye");
    await req(a.cookie, "POST", `/api/matches/${matchId}/notes`, { content: "a note" });
    expect((await req(a.cookie, "DELETE", "/api/user", { password: a.password })).statusCode).toBe(200);
    expect(await cluster.db.select().from(messages).where(eq(messages.matchId, matchId))).toEqual([]);
    expect((await req(b.cookie, "GET", "/api/chats")).json()).toEqual([]);
  });
});
