import { z } from "zod";
import { NOTE_MAX } from "./constants.ts";

// Here too for the server; the web reads it from constants.ts, which loads no zod.
export { NOTE_MAX };

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
