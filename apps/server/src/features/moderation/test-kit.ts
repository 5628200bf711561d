// The moderation tests' app: a real SMTP server on loopback for the statements, and the few steps every
// test takes (staff made from the command line, a report, the queue).
import type { ModerationCase } from "@kindred/shared/moderation";
import { afterAll, expect } from "vitest";
import { moderatorsCommand } from "../../scripts/moderators.ts";
import { createTestApp, registerUser } from "../../test/app.ts";
import { matchUsers } from "../../test/cluster.ts";
import { startSmtpSink } from "../../test/smtp-sink.ts";
import { listen } from "../../test/sockets.ts";

export const ORIGIN = "http://kindred.test";

export async function moderationKit() {
  const sink = await startSmtpSink();
  // Registered first so it runs last: after the app has closed its SMTP pool.
  afterAll(() => sink.close());
  const { app, db } = await createTestApp({ env: { SMTP_URL: sink.url, PUBLIC_ORIGIN: ORIGIN } });
  const base = await listen(app);

  const send = (method: "GET" | "POST" | "DELETE", url: string, who?: Person | null, payload?: object) =>
    app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
  const login = (p: Person) =>
    send("POST", "/api/login", null, { username: p.username, password: p.password });

  async function staff(role: "moderator" | "admin" = "moderator") {
    const p = await registerUser(app);
    expect(await moderatorsCommand(db, ["add", p.email, ...(role === "admin" ? ["--admin"] : [])])).toBe(
      `${p.username} is now ${role === "admin" ? "an admin" : "a moderator"}.`,
    );
    return p;
  }

  /** `reporter` blocks and reports `reported` (matched first); returns the match id. */
  async function report(
    reporter: Person,
    reported: Person,
    body: object = { reason: "Harassment or threats" },
  ) {
    const matchId = await matchUsers(db, reporter.id, reported.id);
    const res = await send("POST", `/api/matches/${matchId}/block`, reporter, body);
    expect(res.statusCode, res.body).toBe(200);
    return matchId;
  }

  async function caseOf(mod: Person, userId: number): Promise<ModerationCase | undefined> {
    const res = await send("GET", "/api/moderation/queue", mod);
    expect(res.statusCode).toBe(200);
    return (res.json() as ModerationCase[]).find((c) => c.user.id === userId);
  }
  async function openCase(mod: Person, userId: number): Promise<ModerationCase> {
    const found = await caseOf(mod, userId);
    if (!found) throw new Error(`no open case for ${userId}`);
    return found;
  }
  const decide = (mod: Person, body: object) => send("POST", "/api/moderation/decisions", mod, body);

  return { sink, app, db, base, send, login, staff, report, caseOf, openCase, decide };
}

export type Person = Awaited<ReturnType<typeof registerUser>>;
