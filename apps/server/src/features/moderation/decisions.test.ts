import { MODERATION_ERRORS } from "@kindred/shared/moderation";
import { CLOSE } from "@kindred/shared/socket-limits";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema/mail.ts";
import { moderationLog } from "../../db/schema/moderation.ts";
import { registerUser } from "../../test/app.ts";
import { matchUsers } from "../../test/cluster.ts";
import { TestSocket } from "../../test/sockets.ts";
import { moderationKit, ORIGIN } from "./test-kit.ts";

const { sink, app, db, base, send, login, staff, report, caseOf, decide } = await moderationKit();

describe("decisions", () => {
  it("a suspension ends every session and socket, the matches, sign-in, and mails the statement", async () => {
    const mod = await staff();
    const [bad, reporter, other] = [
      await registerUser(app),
      await registerUser(app),
      await registerUser(app),
    ];
    const otherMatch = await matchUsers(db, bad.id, other.id);
    await report(reporter, bad);
    const socket = await TestSocket.open(base, "/ws", { cookie: bad.cookie, origin: ORIGIN });

    const res = await decide(mod, {
      userId: bad.id,
      action: "suspend",
      days: 7,
      rule: "harassment",
      note: "3rd time",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      userId: bad.id,
      action: "suspend",
      days: 7,
      rule: "harassment",
      note: "3rd time",
    });
    expect((await socket.closed).code).toBe(CLOSE.signedOut);
    expect((await send("GET", "/api/user", bad)).statusCode).toBe(401);
    // Their matches end for the other side as a block does: the card goes, nothing is said.
    expect((await send("GET", "/api/matches", other)).json()).toEqual([]);
    expect((await send("GET", `/api/matches/${otherMatch}`, other)).statusCode).toBe(404);
    expect(await caseOf(mod, bad.id)).toBeUndefined();

    const refused = await login(bad);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(
      /^Your account is suspended until \w{3} \d+ \w{3}, \d+:\d\d [AP]M \(UK time\) under our rule on harassment or threats\. To appeal/,
    );
    expect(refused.json().appealUrl).toMatch(/^\/appeal\?token=/);
    expect(refused.cookies.find((c) => c.name === "kindred_session")).toBeUndefined();

    const mail = await sink.waitFor(bad.email, (m) => m.subject === "Kindred: your account is suspended");
    expect(mail.text).toContain('our rule on harassment or threats: "Treat people with respect');
    expect(mail.text).toContain("This was decided by a Kindred moderator.");
    expect(mail.text).not.toContain("3rd time");
    expect(mail.text).toContain(`${ORIGIN}${refused.json().appealUrl}`);
  });

  it("a ban is permanent; a warning shows a notice until acknowledged; a dismissal tells no one", async () => {
    const mod = await staff();
    const [banned, warned, cleared] = [
      await registerUser(app),
      await registerUser(app),
      await registerUser(app),
    ];
    for (const p of [banned, warned, cleared]) await report(await registerUser(app), p);

    expect((await decide(mod, { userId: banned.id, action: "ban", rule: "scam_spam" })).statusCode).toBe(201);
    expect((await login(banned)).json().message).toMatch(
      /^Your account is permanently banned under our rule on scams and spam\. To appeal/,
    );

    // Nor does a password reset sign them in: the new password stands, the session does not.
    expect((await send("POST", "/api/auth/password-reset", null, { email: banned.email })).statusCode).toBe(
      202,
    );
    const resetMail = await sink.waitFor(banned.email, (m) => m.subject === "Reset your Kindred password");
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(resetMail.text)?.[1];
    const reset = await send("POST", "/api/auth/password-reset/confirm", null, {
      token,
      password: "new-pass-99",
    });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().message).toMatch(/^Your account is permanently banned/);
    expect(reset.cookies.find((c) => c.name === "kindred_session")).toBeUndefined();

    const warning = await decide(mod, { userId: warned.id, action: "warn", rule: "sexual_content" });
    expect(warning.statusCode).toBe(201);
    const notice = (await send("GET", "/api/user", warned)).json().moderationNotice;
    expect(notice).toMatchObject({
      decisionId: warning.json().id,
      action: "warn",
      title: "A warning about your account",
      automatic: false,
      appealable: true,
      appealed: false,
    });
    expect(notice.text).toContain("sexual content without consent");
    await sink.waitFor(warned.email, (m) => m.subject === "Kindred: a warning about your account");
    expect(
      (await send("POST", `/api/moderation/notices/${warning.json().id + 1}/acknowledge`, warned)).statusCode,
    ).toBe(404);
    expect(
      (await send("POST", `/api/moderation/notices/${warning.json().id}/acknowledge`, warned)).statusCode,
    ).toBe(200);
    expect((await send("GET", "/api/user", warned)).json().moderationNotice).toBeNull();

    expect((await decide(mod, { userId: cleared.id, action: "dismiss", rule: "other" })).statusCode).toBe(
      201,
    );
    expect((await send("GET", "/api/user", cleared)).json().moderationNotice).toBeNull();
    expect(await caseOf(mod, cleared.id)).toBeUndefined();
  });

  it("refuses a moderator's own case, a suspension without days, and a closed case", async () => {
    const mod = await staff();
    await report(await registerUser(app), mod);
    const own = await decide(mod, { userId: mod.id, action: "dismiss", rule: "other" });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(MODERATION_ERRORS.ownAccount);
    const noDays = await decide(await staff(), { userId: mod.id, action: "suspend", rule: "hate" });
    expect(noDays.statusCode).toBe(400);
    expect(noDays.json().message).toBe(MODERATION_ERRORS.daysNeeded);
    const member = await registerUser(app);
    const closed = await decide(await staff(), { userId: member.id, action: "warn", rule: "hate" });
    expect(closed.statusCode).toBe(409);
  });

  it("two moderators deciding one case at once: one decision, one 409, one mail", async () => {
    const [m1, m2] = [await staff(), await staff()];
    const bad = await registerUser(app);
    await report(await registerUser(app), bad);
    const results = await Promise.all([
      decide(m1, { userId: bad.id, action: "suspend", days: 1, rule: "harassment" }),
      decide(m2, { userId: bad.id, action: "ban", rule: "harassment" }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().message).toBe(MODERATION_ERRORS.alreadyDecided);
    const rows = await db.select().from(moderationLog).where(eq(moderationLog.subjectId, bad.id));
    expect(rows).toHaveLength(1);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "moderation_statement"));
    expect(mails.filter((m) => m.userId === bad.id)).toHaveLength(1);
  });

  it("keeps the audit log append-only, and lists it newest first for admins, filtered", async () => {
    const [admin, mod] = [await staff("admin"), await staff()];
    const bad = await registerUser(app);
    await report(await registerUser(app), bad);
    await decide(mod, { userId: bad.id, action: "warn", rule: "hate", note: "slurs in chat" });
    const log = await send("GET", `/api/moderation/audit?action=warn&actor=${mod.username}`, admin);
    expect(log.json()).toEqual([
      expect.objectContaining({
        actor: { id: mod.id, username: mod.username },
        action: "warn",
        subject: { id: bad.id, username: bad.username },
        rule: "hate",
        note: "slurs in chat",
        automatic: false,
      }),
    ]);
    await expect(db.execute(sql`update moderation_log set note = 'edited'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from moderation_log`)).rejects.toThrow();
    // Deleting an account leaves the log as it was.
    await send("DELETE", "/api/user", bad, { password: bad.password });
    expect((await send("GET", `/api/moderation/audit?subject=${bad.username}`, admin)).json()).toHaveLength(
      1,
    );
  });
});
