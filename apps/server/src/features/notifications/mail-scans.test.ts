// Issue 29: the notification mails that time makes due (missed calls, scheduled-call reminders), as the
// mail_outbox rows they are decided as, and who may get them. The scheduling clock is moved, never waited for.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { calls } from "../../db/schema/calls.ts";
import { matches } from "../../db/schema/matches.ts";
import { users } from "../../db/schema/users.ts";
import { registerUser } from "../../test/app.ts";
import { matchUsers, ringingCall, useCluster } from "../../test/cluster.ts";
import { TestSocket } from "../../test/sockets.ts";
import { markMissedSeen } from "../calls/mutations.ts";
import { scanMissedCallMail, scanReminderMail } from "./mail-scans.ts";
import { mailsTo, privateOf, verify } from "./mail-test-kit.ts";
import { PUSH_TEST_ENV, quietAroundNow, setSettings } from "./test-kit.ts";

const MIN = 60_000;
const cluster = useCluster("two instances, in-process bus", PUSH_TEST_ENV);
const app = () => cluster.apps[0];
const clockIn = (ms: number) => {
  for (const a of cluster.apps) a.scheduleClock.set(new Date(Date.now() + ms));
};

afterEach(() => {
  for (const a of cluster.apps) a.scheduleClock.set(null);
});

/** Two matched people, b's address verified; a call from a to b that ended missed `agoMs` ago. */
async function missed(agoMs = 0, status: "missed" | "rejected" = "missed", verified = true) {
  const a = await registerUser(app());
  const b = await registerUser(app());
  if (verified) await verify(cluster.db, b.id);
  const matchId = await matchUsers(cluster.db, a.id, b.id);
  const callId = await ringingCall(cluster.db, matchId, a.id, b.id);
  const at = new Date(Date.now() - agoMs);
  await cluster.db
    .update(calls)
    .set({
      status,
      startTime: at,
      endTime: at,
      duration: 0,
      endReason: status === "missed" ? "missed" : "declined",
    })
    .where(eq(calls.id, callId));
  return { a, b, matchId, callId };
}

describe("missed-call mail", () => {
  it("goes 5 minutes after a call not seen, once, however many scans and instances", async () => {
    const { a, b, callId } = await missed();
    clockIn(4 * MIN);
    expect(await scanMissedCallMail(app())).toBe(0);
    expect(await mailsTo(cluster.db, b.id)).toEqual([]);

    clockIn(6 * MIN);
    await Promise.all([scanMissedCallMail(cluster.apps[0]), scanMissedCallMail(cluster.apps[1])]);
    await scanMissedCallMail(app());
    const mails = await mailsTo(cluster.db, b.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "missed_call", dedupeKey: `missed:${callId}`, to: b.email });
    expect(mails[0]?.text).toContain(a.username);
    expect(`${mails[0]?.subject}${mails[0]?.text}${mails[0]?.html}`).not.toMatch(privateOf(a));
    expect(await mailsTo(cluster.db, a.id)).toEqual([]);
  });

  it("counts a declined call too", async () => {
    const { b, callId } = await missed(0, "rejected");
    clockIn(6 * MIN);
    await scanMissedCallMail(app());
    expect((await mailsTo(cluster.db, b.id)).map((m) => m.dedupeKey)).toEqual([`missed:${callId}`]);
  });

  it("is not sent when the call was seen in the app, or called back", async () => {
    const seen = await missed();
    await markMissedSeen(cluster.db, seen.b.id);
    // Missed a second ago: the call back's start (the database's now()) can fall in the same millisecond.
    const back = await missed(1000);
    const later = await ringingCall(cluster.db, back.matchId, back.b.id, back.a.id);
    await cluster.db
      .update(calls)
      .set({ status: "completed", endTime: new Date() })
      .where(eq(calls.id, later));
    clockIn(6 * MIN);
    await scanMissedCallMail(app());
    expect(await mailsTo(cluster.db, seen.b.id)).toEqual([]);
    expect(await mailsTo(cluster.db, back.b.id)).toEqual([]);
  });

  it("is not sent for a call missed more than a day ago (old history)", async () => {
    const { b } = await missed(25 * 60 * MIN);
    await scanMissedCallMail(app());
    expect(await mailsTo(cluster.db, b.id)).toEqual([]);
  });

  it("goes to nobody unverified, with the toggle off, or in quiet hours", async () => {
    const unverified = await missed(0, "missed", false);
    const off = await missed();
    await setSettings(cluster.db, off.b.id, { mailCalls: false });
    const quiet = await missed();
    await setSettings(cluster.db, quiet.b.id, quietAroundNow());
    clockIn(6 * MIN);
    await scanMissedCallMail(app());
    for (const p of [unverified, off, quiet]) expect(await mailsTo(cluster.db, p.b.id)).toEqual([]);
    // Held back for that event: not sent later either, once quiet hours are over.
    await setSettings(cluster.db, quiet.b.id, { quietStart: null, quietEnd: null });
    clockIn(8 * MIN);
    await scanMissedCallMail(app());
    expect(await mailsTo(cluster.db, quiet.b.id)).toEqual([]);
  });

  it("names no one to a person who hides names in notifications", async () => {
    const { a, b } = await missed();
    await setSettings(cluster.db, b.id, { hideNames: true });
    clockIn(6 * MIN);
    await scanMissedCallMail(app());
    const [mail] = await mailsTo(cluster.db, b.id);
    expect(mail?.subject).toBe("Missed call on Kindred");
    expect(mail?.text).toContain("Someone called you on Kindred on ");
    expect(`${mail?.subject}${mail?.text}${mail?.html}`).not.toContain(a.username);
  });

  it("goes to nobody active in the app in the last 5 minutes, or with a page open", async () => {
    const recent = await missed();
    const online = await missed();
    clockIn(6 * MIN);
    await verify(cluster.db, recent.b.id, new Date(Date.now() + 2 * MIN));
    const tab = await TestSocket.open(cluster.urls[1], "/ws", { cookie: online.b.cookie });
    tab.send({ type: "register", userId: online.b.id });
    await tab.next("registered");
    await scanMissedCallMail(app());
    expect(await mailsTo(cluster.db, recent.b.id)).toEqual([]);
    expect(await mailsTo(cluster.db, online.b.id)).toEqual([]);
    await tab.close();
  });

  it("closing the last Kindred page stamps the person active: no mail for 5 minutes after", async () => {
    const p = await missed(10 * MIN);
    const tab = await TestSocket.open(cluster.urls[0], "/ws", { cookie: p.b.cookie });
    tab.send({ type: "register", userId: p.b.id });
    await tab.next("registered");
    await tab.close();
    let stamped: Date | null = null;
    for (let i = 0; i < 100 && !stamped; i++) {
      const [row] = await cluster.db
        .select({ at: users.lastActiveAt })
        .from(users)
        .where(eq(users.id, p.b.id));
      stamped = row?.at ?? null;
      if (!stamped) await new Promise((r) => setTimeout(r, 20));
    }
    expect(stamped).not.toBeNull();
    clockIn(4 * MIN);
    expect(await scanMissedCallMail(app())).toBe(0);
    // A second call missed meanwhile, due once they have been away 5 minutes; the first stays held back.
    const second = await ringingCall(cluster.db, p.matchId, p.a.id, p.b.id);
    const at = new Date(Date.now() - 10 * MIN + 1);
    await cluster.db
      .update(calls)
      .set({ status: "missed", startTime: at, endTime: at, endReason: "missed" })
      .where(eq(calls.id, second));
    clockIn(6 * MIN);
    await scanMissedCallMail(app());
    expect((await mailsTo(cluster.db, p.b.id)).map((m) => m.dedupeKey)).toEqual([`missed:${second}`]);
  });
});

describe("scheduled-call reminder mail", () => {
  const slot = new Date(Math.ceil((Date.now() + 2 * 86_400_000) / 3_600_000) * 3_600_000);
  const clockAt = (ms: number) => {
    for (const a of cluster.apps) a.scheduleClock.set(new Date(slot.getTime() + ms));
  };

  async function scheduled() {
    const a = await registerUser(app());
    const b = await registerUser(app());
    await verify(cluster.db, a.id);
    await verify(cluster.db, b.id);
    const matchId = await matchUsers(cluster.db, a.id, b.id);
    await cluster.db
      .update(matches)
      .set({ callScheduled: true, scheduledCallTime: slot, scheduledBy: a.id, scheduleAccepted: true })
      .where(eq(matches.id, matchId));
    return { a, b, matchId };
  }

  it("reminds both people an hour before, each once, with the other's username only", async () => {
    const { a, b, matchId } = await scheduled();
    clockAt(-61 * MIN);
    await scanReminderMail(app());
    expect(await mailsTo(cluster.db, a.id)).toEqual([]);

    clockAt(-59 * MIN);
    await Promise.all([scanReminderMail(cluster.apps[0]), scanReminderMail(cluster.apps[1])]);
    clockAt(-30 * MIN);
    await scanReminderMail(app());
    for (const [me, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const mails = await mailsTo(cluster.db, me.id);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        kind: "call_reminder",
        dedupeKey: `reminder-mail:${matchId}:${slot.toISOString()}:${me.id}`,
        to: me.email,
      });
      expect(mails[0]?.text).toContain(other.username);
      expect(`${mails[0]?.subject}${mails[0]?.text}${mails[0]?.html}`).not.toMatch(privateOf(other));
    }
  });

  it("names no one in the reminder of a person who hides names in notifications", async () => {
    const { a, b } = await scheduled();
    await setSettings(cluster.db, a.id, { hideNames: true });
    clockAt(-59 * MIN);
    await scanReminderMail(app());
    const [hidden] = await mailsTo(cluster.db, a.id);
    expect(hidden?.subject).toBe("Your Kindred call is in 1 hour");
    expect(`${hidden?.subject}${hidden?.text}${hidden?.html}`).not.toContain(b.username);
    expect((await mailsTo(cluster.db, b.id))[0]?.subject).toBe(`Your call with ${a.username} is in 1 hour`);
  });

  it("reminds a slot accepted within the hour once, and not one not accepted or started", async () => {
    const late = await scheduled();
    const open = await scheduled();
    await cluster.db.update(matches).set({ scheduleAccepted: false }).where(eq(matches.id, open.matchId));
    clockAt(-10 * MIN);
    await scanReminderMail(app());
    await scanReminderMail(app());
    expect(await mailsTo(cluster.db, late.a.id)).toHaveLength(1);
    expect(await mailsTo(cluster.db, open.a.id)).toEqual([]);
    const started = await scheduled();
    clockAt(MIN);
    await scanReminderMail(app());
    expect(await mailsTo(cluster.db, started.a.id)).toEqual([]);
  });

  it("is not sent to one of the two who is in quiet hours or has mail reminders off", async () => {
    const { a, b } = await scheduled();
    await setSettings(cluster.db, a.id, { mailReminders: false });
    clockAt(-59 * MIN);
    // Quiet around the slot's clock, not the real one.
    const hhmm = (d: Date) =>
      new Intl.DateTimeFormat("en-GB", {
        timeZone: "Europe/London",
        hourCycle: "h23",
        hour: "2-digit",
        minute: "2-digit",
      }).format(d);
    const now = app().scheduleClock.now();
    await setSettings(cluster.db, b.id, {
      quietStart: hhmm(new Date(now.getTime() - 60 * MIN)),
      quietEnd: hhmm(new Date(now.getTime() + 60 * MIN)),
    });
    await scanReminderMail(app());
    expect(await mailsTo(cluster.db, a.id)).toEqual([]);
    expect(await mailsTo(cluster.db, b.id)).toEqual([]);
  });
});
