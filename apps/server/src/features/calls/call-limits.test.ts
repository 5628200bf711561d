// The limits of starting calls hold when the requests come in parallel (calls per day, counted under a
// per-caller lock), ringing one person again and again is limited, and a caller's declined call is
// "missed" in their data export as on every screen.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { calls } from "../../db/schema/calls.ts";
import { registerUser } from "../../test/app.ts";
import { matchUsers, useCluster } from "../../test/cluster.ts";

describe("call limits", () => {
  // Two instances on one database: parallel requests land on both, as behind a load balancer. Only
  // PostgreSQL (CI) proves the lock: PGlite runs one statement at a time and did not race before either.
  const cluster = useCluster("two instances, in-process bus");
  const request = (
    cookie: string,
    method: "GET" | "POST" | "PATCH",
    url: string,
    payload?: object,
    i: 0 | 1 = 0,
  ) => cluster.apps[i].inject({ method, url, payload, headers: { cookie } });

  async function callerWith(matchCount: number, plan?: "elite") {
    const caller = await registerUser(cluster.apps[0]);
    if (plan) await request(caller.cookie, "POST", "/api/subscription", { profileType: plan });
    const others = await Promise.all(Array.from({ length: matchCount }, () => registerUser(cluster.apps[0])));
    const matchIds = await Promise.all(others.map((o) => matchUsers(cluster.db, caller.id, o.id)));
    return { caller, others, matchIds };
  }

  async function startAllAtOnce(cookie: string, matchIds: number[]) {
    const answers = await Promise.all(
      matchIds.map((matchId, i) => request(cookie, "POST", "/api/calls", { matchId }, i % 2 === 0 ? 0 : 1)),
    );
    return answers.map((r) => r.statusCode).sort();
  }

  it("a basic member firing 3 calls at once gets 2 (the day's limit) and one 429", async () => {
    const { caller, matchIds } = await callerWith(3);
    expect(await startAllAtOnce(caller.cookie, matchIds)).toEqual([201, 201, 429]);
    const started = await cluster.db.select().from(calls).where(eq(calls.initiatorId, caller.id));
    expect(started).toHaveLength(2);
  });

  it("an elite member firing 10 calls at once gets 5 and five 429s", async () => {
    const { caller, matchIds } = await callerWith(10, "elite");
    const codes = await startAllAtOnce(caller.cookie, matchIds);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    const started = await cluster.db.select().from(calls).where(eq(calls.initiatorId, caller.id));
    expect(started).toHaveLength(5);
  });

  it("rings one person at most 5 times in 10 minutes, whatever became of the calls, and says how long to wait", async () => {
    const { caller, others, matchIds } = await callerWith(1, "elite");
    const [other, matchId] = [others[0], matchIds[0]] as [(typeof others)[0], number];
    // Cancelled, declined and missed rings all count: it is the ringing that harasses.
    const endings = ["cancelled", "rejected", "cancelled", "missed"] as const;
    for (const ending of endings) {
      const call = (await request(caller.cookie, "POST", "/api/calls", { matchId })).json();
      if (ending === "missed") {
        await cluster.db.update(calls).set({ status: "missed" }).where(eq(calls.id, call.id));
      } else {
        const who = ending === "rejected" ? other.cookie : caller.cookie;
        expect((await request(who, "PATCH", `/api/calls/${call.id}`, { status: ending })).statusCode).toBe(
          200,
        );
      }
    }
    const fifth = await request(caller.cookie, "POST", "/api/calls", { matchId });
    expect(fifth.statusCode).toBe(201);
    // Joining the live call again, from either side, is not a ring.
    expect((await request(caller.cookie, "POST", "/api/calls", { matchId })).statusCode).toBe(200);
    expect((await request(other.cookie, "POST", "/api/calls", { matchId })).statusCode).toBe(200);
    await request(caller.cookie, "PATCH", `/api/calls/${fifth.json().id}`, { status: "cancelled" });

    const sixth = await request(caller.cookie, "POST", "/api/calls", { matchId });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(590);
    expect(sixth.json().retryAfterSeconds).toBe(Number(sixth.headers["retry-after"]));
    expect(sixth.json().message).toBe(
      `You've called ${other.username} 5 times in the last 10 minutes. You can call again in 10 minutes.`,
    );

    // Three minutes later (the rings moved back in time): seven minutes to wait.
    const mine = and(eq(calls.initiatorId, caller.id), eq(calls.matchId, matchId));
    await cluster.db
      .update(calls)
      .set({ startTime: new Date(Date.now() - 3 * 60_000) })
      .where(mine);
    const later = await request(caller.cookie, "POST", "/api/calls", { matchId }, 1);
    expect(later.statusCode).toBe(429);
    expect(Number(later.headers["retry-after"])).toBeGreaterThan(410);
    expect(Number(later.headers["retry-after"])).toBeLessThanOrEqual(420);
    expect(later.json().message).toBe(
      `You've called ${other.username} 5 times in the last 10 minutes. You can call again in 7 minutes.`,
    );
    // The other person may still call, and once the rings are 10 minutes old the caller may too.
    const back = await request(other.cookie, "POST", "/api/calls", { matchId });
    expect(back.statusCode).toBe(201);
    await request(other.cookie, "PATCH", `/api/calls/${back.json().id}`, { status: "cancelled" });
    await cluster.db
      .update(calls)
      .set({ startTime: new Date(Date.now() - 10 * 60_000 - 1_000) })
      .where(mine);
    expect((await request(caller.cookie, "POST", "/api/calls", { matchId })).statusCode).toBe(201);
  });

  it("a caller's declined call is 'missed' in their data export, and 'rejected' in the receiver's", async () => {
    const { caller, others, matchIds } = await callerWith(1);
    const other = others[0] as (typeof others)[0];
    const call = (await request(caller.cookie, "POST", "/api/calls", { matchId: matchIds[0] })).json();
    await request(other.cookie, "PATCH", `/api/calls/${call.id}`, { status: "rejected" });
    const callerExport = (await request(caller.cookie, "GET", "/api/user/export")).json();
    expect(callerExport.calls).toEqual([
      expect.objectContaining({ id: call.id, status: "missed", endReason: "missed" }),
    ]);
    expect((await request(caller.cookie, "GET", `/api/calls/${call.id}`)).json().status).toBe("missed");
    const receiverExport = (await request(other.cookie, "GET", "/api/user/export")).json();
    expect(receiverExport.calls).toEqual([
      expect.objectContaining({ id: call.id, status: "rejected", endReason: "declined" }),
    ]);
  });
});
