import { z } from "zod";

/** DECISIONS "Chat and notes": a note is 1 to 5,000 characters after trimming. */
export const NOTE_MAX = 5_000;

export const noteInputSchema = z.object({
  content: z
    .string({ error: "Please write a note" })
    .trim()
    .min(1, "Please write a note")
    .max(NOTE_MAX, `Please keep a note under ${NOTE_MAX.toLocaleString("en-GB")} characters`),
});
export type NoteInput = z.infer<typeof noteInputSchema>;

/** A private note: only its author ever receives it. */
export const noteSchema = z.object({
  id: z.number().int(),
  matchId: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;
export const noteListSchema = z.array(noteSchema);
