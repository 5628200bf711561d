import { AUTO_HIDE_REPORTERS, MODERATION_ERRORS, REPORTS_PER_HOUR } from "@kindred/shared/moderation";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema/users.ts";
import { registerUser } from "../../test/app.ts";
import { matchUsers } from "../../test/cluster.ts";
import { newCohortAge, peopleOf } from "../../test/people.ts";
import { moderationKit, ORIGIN } from "./test-kit.ts";

const { sink, app, db, send, login, staff, report, caseOf, openCase, decide } = await moderationKit();

describe("appeals", () => {
  it("by the link, once; to a different moderator, whose dismissal lifts the suspension", async () => {
    const [m1, m2] = [await staff(), await staff()];
    const bad = await registerUser(app);
    await report(await registerUser(app), bad);
    const decision = (
      await decide(m1, { userId: bad.id, action: "suspend", days: 30, rule: "impersonation" })
    ).json();
    const token = new URL((await login(bad)).json().appealUrl, ORIGIN).searchParams.get("token") ?? "";

    const statement = await send("GET", `/api/moderation/statement?token=${token}`);
    expect(statement.json()).toMatchObject({
      decisionId: decision.id,
      action: "suspend",
      appealable: true,
      appealed: false,
    });
    expect((await send("GET", "/api/moderation/statement?token=nope")).statusCode).toBe(404);
    const wrong = await send("POST", "/api/moderation/appeals", null, {
      decisionId: decision.id,
      text: "x",
      token: "nope",
    });
    expect(wrong.statusCode).toBe(404);
    const filed = await send("POST", "/api/moderation/appeals", null, {
      decisionId: decision.id,
      text: "That was my real name.",
      token,
    });
    expect(filed.statusCode).toBe(201);
    const again = await send("POST", "/api/moderation/appeals", null, {
      decisionId: decision.id,
      text: "Again",
      token,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MODERATION_ERRORS.appealedAlready);
    expect((await login(bad)).json().message).toContain("We have your appeal");

    // Not to the moderator who decided, while another can.
    expect(await caseOf(m1, bad.id)).toBeUndefined();
    const own = await decide(m1, { userId: bad.id, action: "dismiss", rule: "impersonation" });
    expect(own.json().message).toBe(MODERATION_ERRORS.ownAppeal);
    const c = await openCase(m2, bad.id);
    // With the reports that led to the decision.
    expect(c.reports.map((r: { reason: string }) => r.reason)).toEqual(["Harassment or threats"]);
    expect(c.appeal).toMatchObject({
      text: "That was my real name.",
      decision: { id: decision.id, action: "suspend" },
    });
    expect((await decide(m2, { userId: bad.id, action: "dismiss", rule: "impersonation" })).statusCode).toBe(
      201,
    );

    const back = await login(bad);
    expect(back.statusCode).toBe(200);
    expect(back.json().moderationNotice).toMatchObject({ action: "lift", title: "We reversed our decision" });
    await sink.waitFor(bad.email, (m) => m.subject === "Kindred: we reversed our decision");
  });

  it("a warned member appeals while signed in; nobody else can appeal their decision", async () => {
    const mod = await staff();
    const warned = await registerUser(app);
    await report(await registerUser(app), warned);
    const decision = (await decide(mod, { userId: warned.id, action: "warn", rule: "other" })).json();
    const stranger = await registerUser(app);
    const body = { decisionId: decision.id, text: "I was joking with a friend." };
    expect((await send("POST", "/api/moderation/appeals", stranger, body)).statusCode).toBe(404);
    expect((await send("POST", "/api/moderation/appeals", null, body)).statusCode).toBe(404);
    expect((await send("POST", "/api/moderation/appeals", warned, body)).statusCode).toBe(201);
    // Their export holds the decision as their statement says it, and their appeal.
    const exported = (await send("GET", "/api/user/export", warned)).json();
    expect(exported.moderationDecisions).toEqual([
      expect.objectContaining({
        decisionId: decision.id,
        action: "warn",
        appealed: true,
        appealText: body.text,
      }),
    ]);
    expect(JSON.stringify(exported.moderationDecisions)).not.toContain(mod.username);
  });
});

describe("reports", () => {
  it(`hides someone reported by ${AUTO_HIDE_REPORTERS} people within a week from new matching, marked automatic`, async () => {
    const [mod, admin] = [await staff(), await staff("admin")];
    const bad = await registerUser(app);
    for (let i = 0; i < AUTO_HIDE_REPORTERS - 1; i++) await report(await registerUser(app), bad);
    expect((await db.select().from(users).where(eq(users.id, bad.id)))[0]?.moderationHold).toBe(false);
    await report(await registerUser(app), bad);
    expect((await db.select().from(users).where(eq(users.id, bad.id)))[0]?.moderationHold).toBe(true);
    expect((await openCase(mod, bad.id)).autoHidden).toBe(true);
    const notice = (await send("GET", "/api/user", bad)).json().moderationNotice;
    expect(notice).toMatchObject({ action: "hide", automatic: true });
    expect(notice.text).toContain("This was decided automatically.");
    const log = (await send("GET", `/api/moderation/audit?subject=${bad.username}`, admin)).json();
    expect(log[0]).toMatchObject({ action: "hide", automatic: true, actor: null });
    // A decision ends the automatic measure.
    expect((await decide(mod, { userId: bad.id, action: "dismiss", rule: "other" })).statusCode).toBe(201);
    expect((await db.select().from(users).where(eq(users.id, bad.id)))[0]?.moderationHold).toBe(false);
  });

  it("leaves someone held out of new matching, both as a candidate and as the one asking", async () => {
    const { person, partner, generate } = peopleOf(app, db);
    const age = newCohortAge();
    const held = await person(age, { moderationHold: true });
    const seeker = await partner(age);
    expect((await generate(seeker.cookie)).json().newMatches).toEqual([]);
    expect((await generate(held.cookie)).json().newMatches).toEqual([]);
    await db.update(users).set({ moderationHold: false }).where(eq(users.id, held.id));
    expect((await generate(seeker.cookie)).json().newMatches).toHaveLength(1);
  });

  it(`takes at most ${REPORTS_PER_HOUR} reports an hour from one member; never about oneself or a stranger`, async () => {
    const reporter = await registerUser(app);
    for (let i = 0; i < REPORTS_PER_HOUR; i++) await report(reporter, await registerUser(app));
    const matchId = await matchUsers(db, reporter.id, (await registerUser(app)).id);
    const refused = await send("POST", `/api/matches/${matchId}/block`, reporter, { reason: "Spam or scam" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^You have reported several people in a short time/);
    const stranger = await registerUser(app);
    const theirs = await matchUsers(db, stranger.id, (await registerUser(app)).id);
    expect(
      (
        await send("POST", `/api/matches/${theirs}/block`, await registerUser(app), {
          reason: "Spam or scam",
        })
      ).statusCode,
    ).toBe(404);
  });
});
