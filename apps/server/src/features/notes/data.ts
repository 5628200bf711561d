import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { type NoteRow, notes } from "../../db/schema/notes.ts";

/** The author's notes on a match, newest first. Nobody else's, ever. */
export async function notesOf(db: Executor, matchId: number, authorId: number): Promise<NoteRow[]> {
  return db
    .select()
    .from(notes)
    .where(and(eq(notes.matchId, matchId), eq(notes.userId, authorId)))
    .orderBy(desc(notes.createdAt), desc(notes.id));
}
