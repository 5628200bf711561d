import { z } from "zod";
import { publicUserSchema } from "./user.ts";
import { voiceIntroSchema } from "./voice.ts";

export { type Statement, statementSchema } from "./statement.ts";

// Moderation (issue 31): reports reach moderators, who decide under a written rule; the person decided
// on gets a statement of reasons (DSA Art. 17) by mail and in the app, and may appeal once.

export { isModerator, ROLES, type Role } from "./roles.ts";

/** The rules a decision is made under: an id, how a sentence names it, and the rule itself. */
export const MODERATION_RULES = {
  harassment: {
    label: "harassment or threats",
    text: "Treat people with respect: no harassment, threats, stalking or intimidation, in calls, chat or anywhere else.",
  },
  hate: {
    label: "hate",
    text: "No attacks on people for who they are: their race, ethnicity, religion, disability, sex, gender identity or sexual orientation.",
  },
  sexual_content: {
    label: "sexual content without consent",
    text: "No sexual remarks, sounds, messages or images that the other person has not clearly welcomed.",
  },
  scam_spam: {
    label: "scams and spam",
    text: "No asking for money, selling, advertising, or sending people to other sites or apps for gain.",
  },
  impersonation: {
    label: "impersonation",
    text: "Be yourself: no pretending to be someone else, and no profile with false details about who you are.",
  },
  underage: {
    label: "age",
    text: "Kindred is for adults aged 21 and over.",
  },
  other: {
    label: "respectful use of Kindred",
    text: "Use Kindred to get to know people in good faith, and keep to our rules and the law.",
  },
} as const;
export type RuleId = keyof typeof MODERATION_RULES;
export const RULE_IDS = Object.keys(MODERATION_RULES) as [RuleId, ...RuleId[]];
/** How the console's rule picker names each rule. */
export const RULE_CHOICES: Record<RuleId, string> = {
  harassment: "Harassment or threats",
  hate: "Hate",
  sexual_content: "Sexual content without consent",
  scam_spam: "Scam or spam",
  impersonation: "Impersonation or fake profile",
  underage: "Under 21",
  other: "Other",
};

export const DECISION_ACTIONS = ["dismiss", "warn", "suspend", "ban"] as const;
export type DecisionAction = (typeof DECISION_ACTIONS)[number];
export const SUSPENSION_DAYS = [1, 7, 30] as const;

/** Everything the audit log records: decisions, the automatic hide, and changes of role. */
export const AUDIT_ACTIONS = [
  ...DECISION_ACTIONS,
  "hide",
  "add_moderator",
  "add_admin",
  "remove_moderator",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const REPORTS_PER_HOUR = 5;
export const EVIDENCE_MESSAGES = 20;
export const INCLUDE_MESSAGES_LABEL = `Include our last ${EVIDENCE_MESSAGES} messages with this report`;
/** This many distinct reporters within AUTO_HIDE_DAYS hide a person from new matching until decided. */
export const AUTO_HIDE_REPORTERS = 3;
export const AUTO_HIDE_DAYS = 7;
export const APPEAL_MAX_CHARS = 2000;

export const MODERATION_ERRORS = {
  alreadyDecided: "Another moderator has already decided this case.",
  ownAccount: "You cannot decide on your own account. Another moderator will.",
  ownAppeal: "You made the decision this appeal is about, so another moderator reviews it.",
  daysNeeded: "Please choose how long the suspension lasts: 1, 7 or 30 days.",
  appealedAlready: "You have already appealed this decision. A moderator will review it.",
  appealNotOpen: "This decision cannot be appealed.",
  noSuchMember: "No account has that email address.",
} as const;

const id = z.number().int().positive();
const when = z.string();

export const decisionInputSchema = z
  .object({
    userId: id,
    action: z.enum(DECISION_ACTIONS, { error: "Please choose what to do: dismiss, warn, suspend or ban." }),
    days: z.union([z.literal(1), z.literal(7), z.literal(30)]).optional(),
    rule: z.enum(RULE_IDS, { error: "Please choose the rule this decision is made under." }),
    note: z.string().trim().max(1000, "Please keep the note under 1000 characters.").optional(),
  })
  .refine((d) => d.action !== "suspend" || d.days !== undefined, {
    error: MODERATION_ERRORS.daysNeeded,
    path: ["days"],
  });
export type DecisionInput = z.infer<typeof decisionInputSchema>;

const person = z.object({ id, username: z.string() });

export const decisionSchema = z.object({
  id,
  userId: id,
  action: z.enum(DECISION_ACTIONS),
  days: z.number().int().nullable(),
  /** When a suspension ends; null for the other actions (a ban has no end). */
  endsAt: when.nullable(),
  rule: z.enum(RULE_IDS),
  note: z.string().nullable(),
  moderator: person,
  createdAt: when,
});
export type Decision = z.infer<typeof decisionSchema>;

export const evidenceMessageSchema = z.object({
  from: z.enum(["reporter", "reported"]),
  content: z.string(),
  sentAt: when,
});

export const caseReportSchema = z.object({
  id,
  reason: z.string(),
  details: z.string().nullable(),
  priority: z.boolean(),
  createdAt: when,
  /** null once the reporter deleted their account (the report stays, anonymised). */
  reporter: person.nullable(),
  match: z
    .object({
      matchedAt: when,
      status: z.string(),
      calls: z.number().int(),
      chatUnlocked: z.boolean(),
    })
    .nullable(),
  /** Only when the reporter chose to include them: copied when the report was made. */
  messages: z.array(evidenceMessageSchema).nullable(),
  /** The reported person's voice intro as it was when reported (a copy, whatever they did since). */
  voiceIntro: voiceIntroSchema.nullable(),
});

/** The reported person, in full for the moderator (never their email). */
export const moderatedProfileSchema = publicUserSchema.extend({
  name: z.string(),
  dateOfBirth: z.string().nullable(),
  createdAt: when,
  profileType: z.string(),
});

export const moderationCaseSchema = z.object({
  user: moderatedProfileSchema,
  priority: z.boolean(),
  distinctReporters: z.number().int(),
  openedAt: when,
  /** Hidden from new matching by the automatic measure, awaiting a decision. */
  autoHidden: z.boolean(),
  reports: z.array(caseReportSchema),
  /** An appeal against an earlier decision, back in the queue (`reports` then are the ones it decided). */
  appeal: z.object({ text: z.string(), createdAt: when, decision: decisionSchema }).nullable(),
});
export type ModerationCase = z.infer<typeof moderationCaseSchema>;
export const moderationQueueSchema = z.array(moderationCaseSchema);

export const auditEntrySchema = z.object({
  id,
  at: when,
  /** null: the automatic measure, or the command line. */
  actor: person.nullable(),
  automatic: z.boolean(),
  action: z.enum(AUDIT_ACTIONS),
  subject: z.object({ id: id.nullable(), username: z.string() }),
  rule: z.enum(RULE_IDS).nullable(),
  days: z.number().int().nullable(),
  note: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditQuerySchema = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  actor: z.string().trim().max(100).optional(),
  subject: z.string().trim().max(100).optional(),
});

export const appealInputSchema = z.object({
  decisionId: id,
  text: z
    .string()
    .trim()
    .min(1, "Please say why you think the decision is wrong.")
    .max(APPEAL_MAX_CHARS, `Please keep your appeal under ${APPEAL_MAX_CHARS} characters.`),
  /** From the statement's link, for someone who cannot sign in (suspended or banned). */
  token: z.string().max(200).optional(),
});
export const statementQuerySchema = z.object({ token: z.string().min(1).max(200) });

import { ROLES } from "./roles.ts";

export const moderatorSchema = person.extend({ email: z.string(), role: z.enum(ROLES) });
export const moderatorInputSchema = z.object({
  email: z.email("Please enter the email address of their account."),
});
