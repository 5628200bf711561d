// bench:web's signed-in member: synthetic people seeded into the app's embedded database before it
// starts, one of whom has matches, a conversation and an accepted scheduled call.
import { desc, eq, sql } from "drizzle-orm";
import WebSocket from "ws";
import { configuredDatabase, openDatabase } from "../src/db/client.ts";
import { matches } from "../src/db/schema/matches.ts";
import { messages } from "../src/db/schema/messages.ts";
import { users } from "../src/db/schema/users.ts";
import { loadEnv } from "../src/env.ts";
import { DEMO_PASSWORD, seedDatabase } from "../src/scripts/seed.ts";

export interface SeededMember {
  username: string;
  password: string;
  /** Their conversation, for /conversation/{id}. */
  chatMatchId: number;
}

/** Seeds `dataDir` (the app's DATA_DIR, before it starts) and returns the member to sign in as. */
export async function seedMember(dataDir: string, people = 300): Promise<SeededMember> {
  const env = loadEnv({ DATA_DIR: dataDir });
  const database = await openDatabase(configuredDatabase({ ...env, DATABASE_URL: undefined }));
  try {
    const { db } = database;
    await seedDatabase(db, { users: people });
    // The person with the most live matches: a full /matches and /home.
    const [busiest] = await db
      .select({ id: matches.userId1, n: sql<number>`count(*)::int` })
      .from(matches)
      .where(eq(matches.status, "active"))
      .groupBy(matches.userId1)
      .orderBy(desc(sql`count(*)`))
      .limit(1);
    if (!busiest) throw new Error("the seed made no matches");
    const theirs = await db.select().from(matches).where(eq(matches.userId1, busiest.id));
    const [chat, scheduled] = theirs.filter((m) => m.status === "active");
    if (!chat || !scheduled) throw new Error("the member needs two live matches");
    const start = Date.now() - 3_600_000;
    const lines = Array.from({ length: 24 }, (_, i) => ({
      matchId: chat.id,
      senderId: i % 2 ? chat.userId1 : chat.userId2,
      content: `Message ${i + 1}: how was your weekend? I went walking by the river and found a new café.`,
      sentAt: new Date(start + i * 60_000),
      seq: i + 1,
      clientId: `bench-${i}`,
      isRead: i < 22,
    }));
    await db.insert(messages).values(lines);
    await db
      .update(matches)
      .set({ isChatUnlocked: true, callCount: 2, lastMessageSeq: lines.length, lastMessageAt: new Date() })
      .where(eq(matches.id, chat.id));
    await db
      .update(matches)
      .set({
        callScheduled: true,
        scheduledCallTime: new Date(Date.now() + 86_400_000),
        scheduleAccepted: true,
      })
      .where(eq(matches.id, scheduled.id));
    const [member] = await db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, busiest.id));
    return { username: member?.username ?? "", password: DEMO_PASSWORD, chatMatchId: chat.id };
  } finally {
    await database.close();
  }
}

/** Signs in over HTTP; the cookies the server set (the session and the signed-in hint). */
export async function signIn(url: string, member: SeededMember): Promise<{ name: string; value: string }[]> {
  const res = await fetch(`${url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ username: member.username, password: member.password }),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => {
    const [name = "", value = ""] = (c.split(";")[0] ?? "").split("=");
    return { name, value };
  });
}

/**
 * Puts cookies in the Chromium Lighthouse drives, as a browser that signed in holds them: one command
 * to the browser over its DevTools socket (no page is attached to, so Lighthouse's own tabs are left
 * alone). Lighthouse clears caches and storage between runs, not cookies.
 */
export async function setBrowserCookies(
  port: number,
  url: string,
  cookies: { name: string; value: string }[],
) {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  try {
    const answered = new Promise<{ error?: { message: string } }>((resolve) =>
      socket.once("message", (data) => resolve(JSON.parse(String(data)))),
    );
    const command = {
      id: 1,
      method: "Storage.setCookies",
      params: { cookies: cookies.map((c) => ({ ...c, url })) },
    };
    socket.send(JSON.stringify(command));
    const answer = await answered;
    if (answer.error) throw new Error(`Storage.setCookies: ${answer.error.message}`);
  } finally {
    socket.close();
  }
}
