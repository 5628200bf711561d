// A suspension ends by itself: the first sign-in after its end clears it and goes through.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema/users.ts";
import { registerUser } from "../../test/app.ts";
import { matchUsers } from "../../test/cluster.ts";
import { moderationKit, type Person } from "./test-kit.ts";

const { app, db, send, login, staff, report, decide } = await moderationKit();

describe("a suspension that has ended", () => {
  it("is cleared at the next sign-in, which succeeds, and the hide from matching goes with it", async () => {
    const mod = await staff();
    const [bad, reporter] = [await registerUser(app), await registerUser(app)];
    await report(reporter, bad);
    const decided = await decide(mod, { userId: bad.id, action: "suspend", days: 1, rule: "harassment" });
    expect(decided.statusCode, decided.body).toBe(201);
    expect((await login(bad)).statusCode).toBe(403);

    // The day has passed: the end is moved back rather than waited for (the server reads its clock).
    await db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 60_000) })
      .where(eq(users.id, bad.id));
    const signedIn = await login(bad);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const [row] = await db
      .select({ until: users.suspendedUntil, hold: users.moderationHold })
      .from(users)
      .where(eq(users.id, bad.id));
    expect(row).toEqual({ until: null, hold: false });
    const cookie = signedIn.cookies.find((c) => c.name === "kindred_session");
    const me = await send("GET", "/api/user", { ...bad, cookie: `kindred_session=${cookie?.value}` });
    expect(me.statusCode).toBe(200);
  });

  it("shows the suspended person the matches it ended as unmatched by no one, never as their block", async () => {
    const mod = await staff();
    const [bad, reporter, friend] = [
      await registerUser(app),
      await registerUser(app),
      await registerUser(app),
    ];
    await report(reporter, bad);
    const matchId = await matchUsers(db, bad.id, friend.id);
    const call = (await send("POST", "/api/calls", bad, { matchId })).json();
    const answered = await app.inject({
      method: "PATCH",
      url: `/api/calls/${call.id}`,
      payload: { status: "active" },
      headers: { cookie: friend.cookie },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const decided = await decide(mod, { userId: bad.id, action: "suspend", days: 1, rule: "harassment" });
    expect(decided.statusCode, decided.body).toBe(201);

    await db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 60_000) })
      .where(eq(users.id, bad.id));
    const cookie = (await login(bad)).cookies.find((c) => c.name === "kindred_session");
    const exported = (who: Person) => send("GET", "/api/user/export", who);
    const theirs = (await exported({ ...bad, cookie: `kindred_session=${cookie?.value}` })).json();
    expect(theirs.matches.find((m: { id: number }) => m.id === matchId)).toMatchObject({
      status: "unmatched",
      unmatchedBy: null,
    });
    expect(theirs.calls.find((c: { id: number }) => c.id === call.id)).toMatchObject({
      status: "completed",
      endReason: "unmatched",
    });
    // The reporter's block stays the reporter's: to the suspended person it is an unmatch.
    expect(theirs.matches.find((m: { id: number }) => m.id !== matchId)).toMatchObject({
      status: "unmatched",
      unmatchedBy: reporter.id,
    });
    // The other person sees what they saw when it happened: an unmatch by the suspended person.
    const friends = (await exported(friend)).json();
    expect(friends.matches.find((m: { id: number }) => m.id === matchId)).toMatchObject({
      status: "unmatched",
      unmatchedBy: bad.id,
    });
    expect(friends.calls.find((c: { id: number }) => c.id === call.id)).toMatchObject({
      endReason: "unmatched",
    });
  });
});
