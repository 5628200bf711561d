import type { AccountExport } from "@kindred/shared/account";
import { eq, or } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { calls } from "../../db/schema/calls.ts";
import { matches } from "../../db/schema/matches.ts";
import { messages } from "../../db/schema/messages.ts";
import { notes } from "../../db/schema/notes.ts";
import { users } from "../../db/schema/users.ts";
import type { MediaStore } from "../../lib/media-store.ts";
import type { SessionUser } from "../../lib/sessions/lookup.ts";
import { viewOf } from "../calls/present.ts";
import { statementsOf } from "../moderation/data.ts";
import { statementOf } from "../moderation/statements.ts";
import { toSelfUser } from "../users/present.ts";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * Everything the service holds about a person, as they may download it: their own record, their
 * matches, the messages they sent, their calls and their notes. Other people's private data stays out.
 */
export async function exportAccount(
  db: Executor,
  user: SessionUser,
  voiceFiles: MediaStore,
): Promise<AccountExport> {
  const voice = user.voiceIntro;
  const [matchRows, messageRows, callRows, noteRows, voiceBytes] = await Promise.all([
    db
      .select()
      .from(matches)
      .where(or(eq(matches.userId1, user.id), eq(matches.userId2, user.id))),
    db.select().from(messages).where(eq(messages.senderId, user.id)),
    db
      .select()
      .from(calls)
      .where(or(eq(calls.initiatorId, user.id), eq(calls.receiverId, user.id))),
    db.select().from(notes).where(eq(notes.userId, user.id)),
    voice ? voiceFiles.read(voice.key) : null,
  ]);
  const decisions = await statementsOf(db, user.id);
  // A suspension or ban ends the person's matches as a block would, in their name and at the decision's
  // instant: they did not end them, so they are told of an unmatch that no one made.
  const restrictedAt = new Set(
    decisions
      .filter(({ decision }) => decision.action === "suspend" || decision.action === "ban")
      .map(({ decision }) => decision.createdAt.getTime()),
  );
  const endedByDecision = new Set(
    matchRows
      .filter((m) => m.status === "blocked" && restrictedAt.has(m.unmatchedDate?.getTime() ?? Number.NaN))
      .map((m) => m.id),
  );
  return {
    exportedAt: new Date().toISOString(),
    profile: toSelfUser(user),
    matches: matchRows.map((m) => ({
      id: m.id,
      userId1: m.userId1,
      userId2: m.userId2,
      compatibility: m.compatibility,
      matchDate: m.matchDate.toISOString(),
      callCount: m.callCount,
      lastCallDate: iso(m.lastCallDate),
      callScheduled: m.callScheduled,
      scheduledCallTime: iso(m.scheduledCallTime),
      isChatUnlocked: m.isChatUnlocked,
      arePhotosRevealed: m.arePhotosRevealed,
      // A block is the blocker's to know: to the other person it is an unmatch, as on every screen.
      status:
        m.status === "blocked" && (m.unmatchedBy !== user.id || endedByDecision.has(m.id))
          ? "unmatched"
          : m.status,
      unmatchedBy: endedByDecision.has(m.id) ? null : m.unmatchedBy,
      unmatchedDate: iso(m.unmatchedDate),
    })),
    messagesSent: messageRows.map((m) => ({
      id: m.id,
      matchId: m.matchId,
      content: m.content,
      sentAt: m.sentAt.toISOString(),
    })),
    calls: callRows.map((c) => {
      // As the person was shown it: a caller's declined call is missed, as on every screen.
      const blockedBy = endedByDecision.has(c.matchId)
        ? undefined
        : matchRows.find((m) => m.id === c.matchId && m.status === "blocked")?.unmatchedBy;
      const shown = viewOf(c, user.id, blockedBy ?? undefined);
      return {
        id: c.id,
        matchId: c.matchId,
        initiatorId: c.initiatorId,
        receiverId: c.receiverId,
        startTime: c.startTime.toISOString(),
        activeAt: iso(c.activeAt),
        endTime: iso(c.endTime),
        duration: c.duration,
        status: shown.status,
        endReason: shown.reason,
      };
    }),
    notes: noteRows.map((n) => ({
      id: n.id,
      matchId: n.matchId,
      content: n.content,
      createdAt: n.createdAt.toISOString(),
      updatedAt: n.updatedAt.toISOString(),
    })),
    voiceIntro:
      voice && voiceBytes
        ? {
            mimeType: voice.mime,
            durationMs: voice.durationMs,
            updatedAt: voice.updatedAt,
            audioBase64: voiceBytes.toString("base64"),
          }
        : null,
    moderationDecisions: decisions.map(({ statement, decision }) => ({
      ...statementOf(decision, statement),
      appealText: statement.appealText,
    })),
  };
}

/** The account's password hash (null: it signs in with Google only), for checks that ask for it. */
export async function passwordHashOf(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.hash ?? null;
}
