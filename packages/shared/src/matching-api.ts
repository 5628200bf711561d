// Response of POST /api/generate-matches (SPEC §3 "Match-generation result"). Used as the route's
// response schema, so any field not listed here (email, name, dateOfBirth, photo…) is stripped on the
// way out. SPEC lists `name` in each result; DECISIONS "Privacy" forbids another person's full name,
// so it is not part of the shape at all.
import { z } from "zod";

const fraction = z.number().min(0).max(1);

export const compatibilityBreakdownSchema = z.object({
  personality: fraction,
  location: fraction,
  age: fraction,
});

/** One scored candidate: what a person may see of someone they are not (yet) matched with. */
export const matchResultSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable(),
  matchScore: z.number().int().min(0).max(100),
  gender: z.string().nullable(),
  interestedGenders: z.array(z.string()).nullable(),
  age: z.number().int().nullable(),
  location: z.string().nullable(),
  compatibilityBreakdown: compatibilityBreakdownSchema,
});
export type MatchResult = z.infer<typeof matchResultSchema>;

/** DECISIONS "Privacy": otherUser carries id, username and avatar (a new match has no revealed photo). */
export const matchOtherUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable(),
});

export const newMatchSchema = z.object({
  id: z.number().int(),
  userId1: z.number().int(),
  userId2: z.number().int(),
  compatibility: z.number().int().min(0).max(100),
  matchDate: z.string(),
  status: z.string(),
  otherUser: matchOtherUserSchema,
});
export type NewMatchView = z.infer<typeof newMatchSchema>;

export const generateMatchesResponseSchema = z.object({
  matchResults: z.array(matchResultSchema),
  newMatches: z.array(newMatchSchema),
});
export type GenerateMatchesResponse = z.infer<typeof generateMatchesResponseSchema>;
