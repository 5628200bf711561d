// Who may moderate, and what the queue shows them.
import fs from "node:fs";
import { MODERATION_ERRORS } from "@kindred/shared/moderation";
import { VOICE_PEAKS } from "@kindred/shared/voice";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { matches } from "../../db/schema/matches.ts";
import { messages } from "../../db/schema/messages.ts";
import { moderatorsCommand } from "../../scripts/moderators.ts";
import { registerUser } from "../../test/app.ts";
import { matchUsers } from "../../test/cluster.ts";
import { moderationKit } from "./test-kit.ts";

const { app, db, send, staff, report, openCase, decide } = await moderationKit();

describe("who may moderate", () => {
  it("answers 404 to members and signed-out visitors on every route, exactly as an unknown path", async () => {
    const member = await registerUser(app);
    const mod = await staff();
    const unknown = await send("GET", "/api/moderation/nothing-here", member);
    const routes: ["GET" | "POST" | "DELETE", string, object?][] = [
      ["GET", "/api/moderation/queue"],
      ["POST", "/api/moderation/decisions", { userId: member.id, action: "dismiss", rule: "other" }],
      ["GET", "/api/moderation/audit"],
      ["GET", "/api/moderation/moderators"],
      ["POST", "/api/moderation/moderators", { email: member.email }],
      ["DELETE", `/api/moderation/moderators/${mod.id}`],
    ];
    for (const [method, url, body] of routes) {
      for (const who of [member, null]) {
        const res = await send(method, url, who, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.body).toBe(unknown.body);
      }
    }
    // A moderator is not an admin: the audit log and the moderators are the admins'.
    for (const [method, url, body] of routes.slice(2))
      expect((await send(method, url, mod, body)).statusCode).toBe(404);
    expect((await send("GET", "/api/moderation/queue", mod)).statusCode).toBe(200);
  });

  it("the command line adds, lists and removes moderators and admins, and refuses an unknown address", async () => {
    const p = await registerUser(app);
    expect(await moderatorsCommand(db, ["add", p.email.toUpperCase(), "--admin"])).toBe(
      `${p.username} is now an admin.`,
    );
    expect(await moderatorsCommand(db, ["list"])).toContain(`admin     ${p.username} <${p.email}>`);
    expect(await moderatorsCommand(db, ["remove", p.email])).toBe(`${p.username} is no longer a moderator.`);
    await expect(moderatorsCommand(db, ["add", "nobody@nowhere.test"])).rejects.toThrow(
      "No account has the email address nobody@nowhere.test.",
    );
    await expect(moderatorsCommand(db, ["promote"])).rejects.toThrow(/Usage: npm run moderators/);
  });

  it("an admin adds and removes moderators in the console; every change is in the audit log", async () => {
    const admin = await staff("admin");
    const p = await registerUser(app);
    const added = await send("POST", "/api/moderation/moderators", admin, { email: p.email });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ id: p.id, role: "moderator" });
    expect((await send("GET", "/api/user", p)).json().role).toBe("moderator");
    expect((await send("GET", "/api/moderation/queue", p)).statusCode).toBe(200);
    const missing = await send("POST", "/api/moderation/moderators", admin, { email: "none@nowhere.test" });
    expect(missing.json().message).toBe(MODERATION_ERRORS.noSuchMember);
    expect((await send("DELETE", `/api/moderation/moderators/${p.id}`, admin)).statusCode).toBe(200);
    expect((await send("GET", "/api/moderation/queue", p)).statusCode).toBe(404);
    const log = await send("GET", `/api/moderation/audit?subject=${p.username}`, admin);
    expect(log.json().map((e: { action: string }) => e.action)).toEqual([
      "remove_moderator",
      "add_moderator",
    ]);
    expect(log.json()[0].actor).toEqual({ id: admin.id, username: admin.username });
  });
});

describe("the queue", () => {
  it("shows the reported profile in full but never an email, the reporters' usernames and the match", async () => {
    const mod = await staff();
    const [reported, reporter, quiet] = [
      await registerUser(app),
      await registerUser(app),
      await registerUser(app),
    ];
    const matchId = await matchUsers(db, reporter.id, reported.id);
    await db.update(matches).set({ callCount: 2, isChatUnlocked: true }).where(eq(matches.id, matchId));
    await db.insert(messages).values(
      Array.from({ length: 25 }, (_, i) => ({
        matchId,
        senderId: i % 2 ? reporter.id : reported.id,
        content: `message ${i + 1}`,
        seq: i + 1,
        clientId: `c${i}`,
      })),
    );
    const res = await send("POST", `/api/matches/${matchId}/block`, reporter, {
      reason: "Harassment or threats",
      details: "Kept calling me names",
      includeMessages: true,
    });
    expect(res.statusCode).toBe(200);
    await report(quiet, reported, { reason: "Spam or scam" });

    const c = await openCase(mod, reported.id);
    expect(c.user).toMatchObject({ id: reported.id, username: reported.username, name: reported.name });
    expect(JSON.stringify(c)).not.toContain(reported.email);
    expect(JSON.stringify(c)).not.toContain(reporter.email);
    expect(c.distinctReporters).toBe(2);
    const [first, second] = c.reports;
    expect(first).toMatchObject({
      reason: "Harassment or threats",
      details: "Kept calling me names",
      reporter: { id: reporter.id, username: reporter.username },
      match: { status: "blocked", calls: 2, chatUnlocked: true },
    });
    // The last 20, oldest first, copied: deleting the conversation later does not remove them.
    expect(first?.messages).toHaveLength(20);
    expect(first?.messages?.[0]).toMatchObject({ from: "reporter", content: "message 6" });
    expect(first?.messages?.[19]).toMatchObject({ from: "reported", content: "message 25" });
    await db.delete(messages).where(eq(messages.matchId, matchId));
    expect((await openCase(mod, reported.id)).reports[0]?.messages).toHaveLength(20);
    // Not ticked: no messages reach the moderator.
    expect(second?.messages).toBeNull();
  });

  it("puts priority (an elite reporter) first, then more distinct reporters, then the oldest", async () => {
    const mod = await staff();
    const [one, two, elite] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    await report(await registerUser(app), one);
    await report(await registerUser(app), two);
    await report(await registerUser(app), two);
    const eliteReporter = await registerUser(app);
    await send("POST", "/api/subscription", eliteReporter, { profileType: "elite" });
    await report(eliteReporter, elite);
    const order = ((await send("GET", "/api/moderation/queue", mod)).json() as { user: { id: number } }[])
      .map((c) => c.user.id)
      .filter((id) => [one.id, two.id, elite.id].includes(id));
    expect(order).toEqual([elite.id, two.id, one.id]);
  });

  it("lets a moderator hear the voice intro of someone with an open case only", async () => {
    const mod = await staff();
    const reported = await registerUser(app);
    const saved = await app.inject({
      method: "PUT",
      url: `/api/profile/voice?peaks=${Array(VOICE_PEAKS).fill(50).join(",")}`,
      payload: fs.readFileSync(new URL("../voice/container/fixtures/chromium-opus.webm", import.meta.url)),
      headers: { cookie: reported.cookie, "content-type": "audio/webm" },
    });
    expect(saved.statusCode).toBe(200);
    const hear = () => send("GET", `/api/users/${reported.id}/voice`, mod);
    expect((await hear()).statusCode).toBe(404);
    await report(await registerUser(app), reported, { reason: "Inappropriate voice intro" });
    const c = await openCase(mod, reported.id);
    expect(c.user.voiceIntro?.url).toBe(`/api/users/${reported.id}/voice`);
    expect((await hear()).statusCode).toBe(200);
    // The report kept a copy: deleting the intro does not take it from the moderator, nor gives it to anyone else.
    const evidence = c.reports[0]?.voiceIntro?.url ?? "";
    expect(evidence).toBe(`/api/moderation/reports/${c.reports[0]?.id}/voice`);
    expect((await send("DELETE", "/api/profile/voice", reported)).statusCode).toBe(200);
    const kept = await send("GET", evidence, mod);
    expect(kept.statusCode).toBe(200);
    expect(kept.headers["content-type"]).toBe("audio/webm");
    expect(kept.rawPayload.subarray(0, 4).toString("hex")).toBe("1a45dfa3");
    expect((await send("GET", evidence, reported)).statusCode).toBe(404);
    await decide(mod, { userId: reported.id, action: "warn", rule: "sexual_content" });
    expect((await hear()).statusCode).toBe(404);
  });
});
