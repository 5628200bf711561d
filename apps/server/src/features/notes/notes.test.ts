// Issue 27 §6: private notes from the first call on. Notes need a live match the person is in, never
// an unlocked chat: the call page and the match card offer them before chat unlocks.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { matches } from "../../db/schema/matches.ts";
import { registerUser } from "../../test/app.ts";
import { matchUsers, useCluster } from "../../test/cluster.ts";

const cluster = useCluster("one instance");
const app = () => cluster.apps[0];
const req = (cookie: string, method: "GET" | "POST", url: string, payload?: object) =>
  app().inject({ method, url, payload, headers: { cookie } });

describe("notes before chat unlocks", () => {
  it("both people of a new match (no call yet, chat locked) keep their own notes", async () => {
    const a = await registerUser(app());
    const b = await registerUser(app());
    const matchId = await matchUsers(cluster.db, a.id, b.id);
    const [match] = await cluster.db.select().from(matches).where(eq(matches.id, matchId));
    expect(match).toMatchObject({ callCount: 0, isChatUnlocked: false });
    // The chat is locked...
    expect((await req(a.cookie, "GET", `/api/matches/${matchId}/messages`)).statusCode).toBe(403);
    // ...the notes are not.
    for (const [who, content] of [
      [a, "Talks fast when excited"],
      [b, "Ask about the trip to Porto"],
    ] as const) {
      const created = await req(who.cookie, "POST", `/api/matches/${matchId}/notes`, { content });
      expect(created.statusCode).toBe(201);
      const listed = await req(who.cookie, "GET", `/api/matches/${matchId}/notes`);
      expect(listed.json().map((n: { content: string }) => n.content)).toEqual([content]);
    }
  });

  it("an ended match keeps its notes closed: 404, as for anyone else", async () => {
    const a = await registerUser(app());
    const b = await registerUser(app());
    const matchId = await matchUsers(cluster.db, a.id, b.id);
    await cluster.db.update(matches).set({ status: "unmatched" }).where(eq(matches.id, matchId));
    expect((await req(a.cookie, "GET", `/api/matches/${matchId}/notes`)).statusCode).toBe(404);
    expect((await req(a.cookie, "POST", `/api/matches/${matchId}/notes`, { content: "x" })).statusCode).toBe(
      404,
    );
  });
});
