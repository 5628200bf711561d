import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { type NoteRow, notes } from "../../db/schema/notes.ts";

// Every write names the author and the match along with the note id: a note id of someone else's, or
// of another match, changes nothing and reads as "not found".
const own = (noteId: number, matchId: number, authorId: number) =>
  and(eq(notes.id, noteId), eq(notes.matchId, matchId), eq(notes.userId, authorId));

export async function addNote(
  db: Executor,
  matchId: number,
  authorId: number,
  content: string,
): Promise<NoteRow> {
  const [row] = await db.insert(notes).values({ matchId, userId: authorId, content }).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function editNote(
  db: Executor,
  ids: { noteId: number; matchId: number; authorId: number },
  content: string,
  now = new Date(),
): Promise<NoteRow | null> {
  const [row] = await db
    .update(notes)
    .set({ content, updatedAt: now })
    .where(own(ids.noteId, ids.matchId, ids.authorId))
    .returning();
  return row ?? null;
}

export async function deleteNote(
  db: Executor,
  ids: { noteId: number; matchId: number; authorId: number },
): Promise<boolean> {
  const gone = await db
    .delete(notes)
    .where(own(ids.noteId, ids.matchId, ids.authorId))
    .returning({ id: notes.id });
  return gone.length > 0;
}
