// A suspension cuts a live call at once, wherever each person's sockets are: the other side hears the
// call end as an unmatch (nothing about why), the suspended person's sockets close as a sign-out.
import { CLOSE } from "@kindred/shared/socket-limits";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { calls } from "../../db/schema/calls.ts";
import { moderatorsCommand } from "../../scripts/moderators.ts";
import { registerUser } from "../../test/app.ts";
import { matchUsers, topologies, useCluster } from "../../test/cluster.ts";
import { TestSocket } from "../../test/sockets.ts";

describe.each(topologies())("a suspension mid-call, %s", (topology) => {
  const cluster = useCluster(topology);

  it("ends the call for the other side with the neutral copy, and signs the suspended person out", async () => {
    const [a, b, reporter, mod] = [
      await registerUser(cluster.apps[0]),
      await registerUser(cluster.apps[1]),
      await registerUser(cluster.apps[0]),
      await registerUser(cluster.apps[0]),
    ];
    await moderatorsCommand(cluster.db, ["add", mod.email]);
    const matchId = await matchUsers(cluster.db, a.id, b.id);
    const reported = await matchUsers(cluster.db, reporter.id, a.id);
    const post = (i: 0 | 1, cookie: string, url: string, payload: object) =>
      cluster.apps[i].inject({ method: "POST", url, payload, headers: { cookie } });
    const aRtc = await TestSocket.open(cluster.urls[0], "/rtc", { cookie: a.cookie });
    const bRtc = await TestSocket.open(cluster.urls[1], "/rtc", { cookie: b.cookie });
    const call = (await post(0, a.cookie, "/api/calls", { matchId })).json();
    await bRtc.next("call:incoming");
    expect(
      (
        await cluster.apps[1].inject({
          method: "PATCH",
          url: `/api/calls/${call.id}`,
          payload: { status: "active" },
          headers: { cookie: b.cookie },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await post(0, reporter.cookie, `/api/matches/${reported}/block`, { reason: "Harassment or threats" }))
        .statusCode,
    ).toBe(200);

    const decided = await post(1, mod.cookie, "/api/moderation/decisions", {
      userId: a.id,
      action: "suspend",
      days: 1,
      rule: "harassment",
    });
    expect(decided.statusCode).toBe(201);
    const ended = (f: { [key: string]: unknown }) =>
      f.callId === call.id && f.status !== "pending" && f.status !== "active";
    expect(await bRtc.next("call:status", 3_000, ended)).toMatchObject({
      status: "completed",
      reason: "unmatched",
    });
    expect((await aRtc.closed).code).toBe(CLOSE.signedOut);
    const [row] = await cluster.db.select().from(calls).where(eq(calls.id, call.id));
    expect(row?.status).toBe("completed");
    await bRtc.close();
  });
});
