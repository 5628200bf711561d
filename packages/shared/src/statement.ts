import { z } from "zod";

/**
 * A statement of reasons, as the person decided on reads it (in the app and by mail): what was decided,
 * under which rule, whether automatically, and whether and how it can be appealed.
 */
export const statementSchema = z.object({
  decisionId: z.number().int().positive(),
  action: z.enum(["warn", "suspend", "ban", "hide", "lift"]),
  title: z.string(),
  /** The decision in sentences, the rule quoted. */
  text: z.string(),
  automatic: z.boolean(),
  decidedAt: z.string(),
  endsAt: z.string().nullable(),
  appealable: z.boolean(),
  appealed: z.boolean(),
});
export type Statement = z.infer<typeof statementSchema>;
