import { eq, or } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { calls } from "../../db/schema/calls.ts";
import { matches } from "../../db/schema/matches.ts";
import { messages } from "../../db/schema/messages.ts";
import { notes } from "../../db/schema/notes.ts";
import type { UserRow } from "../../db/schema/users.ts";
import { toSelfUser } from "../users/present.ts";

/**
 * Everything the service holds about a person, as they may download it: their own record, their
 * matches, the messages they sent, their calls and their notes. Other people's private data stays out.
 */
export async function exportAccount(db: Executor, user: UserRow) {
  const mine = or(eq(matches.userId1, user.id), eq(matches.userId2, user.id));
  return {
    exportedAt: new Date().toISOString(),
    profile: toSelfUser(user),
    matches: await db.select().from(matches).where(mine),
    messagesSent: await db.select().from(messages).where(eq(messages.senderId, user.id)),
    calls: await db
      .select()
      .from(calls)
      .where(or(eq(calls.initiatorId, user.id), eq(calls.receiverId, user.id))),
    notes: await db.select().from(notes).where(eq(notes.userId, user.id)),
  };
}
