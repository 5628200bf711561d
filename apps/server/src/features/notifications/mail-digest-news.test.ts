// Issue 29: the unread digest (at most one per 6 hours) and the new-matches mail (at most one a day),
// as mail_outbox rows. The scheduling clock is moved, never waited for.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { matches } from "../../db/schema/matches.ts";
import { registerUser } from "../../test/app.ts";
import { matchUsers, useCluster } from "../../test/cluster.ts";
import { sendMessage } from "../chat/mutations.ts";
import { scanDigestMail } from "./mail-digest.ts";
import { mailNewMatches } from "./mail-news.ts";
import { mailsTo, privateOf, verify } from "./mail-test-kit.ts";
import { PUSH_TEST_ENV, setSettings } from "./test-kit.ts";

const MIN = 60_000;
const HOUR = 60 * MIN;
const cluster = useCluster("one instance", PUSH_TEST_ENV);
const app = () => cluster.apps[0];
const clockIn = (ms: number) => app().scheduleClock.set(new Date(Date.now() + ms));

afterEach(() => app().scheduleClock.set(null));

describe("unread digest mail", () => {
  it("goes when something is unread for an hour, at most once per 6 hours, naming senders by username", async () => {
    const a = await registerUser(app());
    const c = await registerUser(app());
    const b = await registerUser(app());
    await verify(cluster.db, b.id);
    let n = 0;
    const send = async (from: { id: number }) => {
      const matchId = await matchIdOf(from.id, b.id);
      n += 1;
      const input = { matchId, senderId: from.id, content: `hello ${n}`, clientId: `d${n}` };
      return (await sendMessage(cluster.db, input)).message;
    };
    await send(a);
    await send(c);
    clockIn(59 * MIN);
    await scanDigestMail(app());
    expect(await mailsTo(cluster.db, b.id)).toEqual([]);

    clockIn(61 * MIN);
    await Promise.all([scanDigestMail(app()), scanDigestMail(app())]);
    const newest = await send(a);
    clockIn(2 * HOUR); // the third is unread for an hour now, but the last digest is 2 hours old
    await scanDigestMail(app());
    const first = await mailsTo(cluster.db, b.id);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ kind: "unread_digest", to: b.email });
    expect(first[0]?.text).toContain(a.username);
    expect(first[0]?.text).toContain(c.username);
    for (const other of [a, c])
      expect(`${first[0]?.subject}${first[0]?.text}${first[0]?.html}`).not.toMatch(privateOf(other));

    clockIn(6 * HOUR + 2 * MIN);
    await scanDigestMail(app());
    await scanDigestMail(app());
    const mails = await mailsTo(cluster.db, b.id);
    expect(mails.map((m) => m.dedupeKey)).toEqual([first[0]?.dedupeKey, `digest:${b.id}:${newest.id}`]);
    // Nothing new since: no third, however long it waits.
    clockIn(13 * HOUR);
    await scanDigestMail(app());
    expect(await mailsTo(cluster.db, b.id)).toHaveLength(2);
  });

  it("is held while the toggle is off or they were active, and sent by a later scan once they can be mailed", async () => {
    const a = await registerUser(app());
    const b = await registerUser(app());
    await verify(cluster.db, b.id);
    await setSettings(cluster.db, b.id, { mailMessages: false });
    const matchId = await matchIdOf(a.id, b.id);
    await sendMessage(cluster.db, { matchId, senderId: a.id, content: "hi", clientId: "q1" });
    clockIn(61 * MIN);
    await scanDigestMail(app());
    expect(await mailsTo(cluster.db, b.id)).toEqual([]);
    await setSettings(cluster.db, b.id, { mailMessages: true });
    await verify(cluster.db, b.id, new Date(Date.now() + 60 * MIN)); // active a minute ago, on the clock
    await scanDigestMail(app());
    expect(await mailsTo(cluster.db, b.id)).toEqual([]);
    clockIn(70 * MIN);
    await scanDigestMail(app());
    expect(await mailsTo(cluster.db, b.id)).toHaveLength(1);
  });
});

/** A live match with the chat unlocked between the two. */
async function matchIdOf(x: number, y: number): Promise<number> {
  const [row] = await cluster.db
    .select({ id: matches.id })
    .from(matches)
    .where(eq(matches.userId1, Math.min(x, y)));
  const existing = row && (await cluster.db.select().from(matches).where(eq(matches.id, row.id)))[0];
  const id =
    existing && existing.userId2 === Math.max(x, y) ? existing.id : await matchUsers(cluster.db, x, y);
  await cluster.db.update(matches).set({ isChatUnlocked: true }).where(eq(matches.id, id));
  return id;
}

describe("new-matches mail", () => {
  it("is off by default, then at most one a day, counting the matches since the last", async () => {
    const b = await registerUser(app());
    await verify(cluster.db, b.id);
    const matchWith = async () => {
      const other = await registerUser(app());
      await matchUsers(cluster.db, other.id, b.id);
      await mailNewMatches(app(), [b.id]);
      return other;
    };
    await matchWith();
    expect(await mailsTo(cluster.db, b.id)).toEqual([]);

    await setSettings(cluster.db, b.id, { mailNews: true });
    await matchWith();
    await matchWith();
    const mails = await mailsTo(cluster.db, b.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "new_matches", to: b.email });
    expect(mails[0]?.dedupeKey).toMatch(new RegExp(`^news:${b.id}:\\d{4}-\\d{2}-\\d{2}$`));

    clockIn(25 * HOUR);
    await matchWith();
    const later = await mailsTo(cluster.db, b.id);
    expect(later).toHaveLength(2);
    // Since the first mail (decided at the second match): the third, and the fourth now.
    expect(later[1]?.text).toMatch(/\b2 new matches\b/);
  });
});
