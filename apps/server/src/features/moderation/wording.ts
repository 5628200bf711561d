import { MODERATION_RULES, type RuleId, type Statement } from "@kindred/shared/moderation";
import { ukTime } from "../mail/templates.ts";

// What the person decided on reads: the same words in the app, in the mail and at sign-in.

export type StatementAction = Statement["action"];

export interface StatementFacts {
  decisionId: number;
  action: StatementAction;
  rule: RuleId | null;
  automatic: boolean;
  decidedAt: Date;
  endsAt: Date | null;
  appealable: boolean;
  appealed: boolean;
}

const ruleQuoted = (rule: RuleId | null) =>
  rule ? `our rule on ${MODERATION_RULES[rule].label}: "${MODERATION_RULES[rule].text}"` : "";
const by = (automatic: boolean) =>
  automatic ? "This was decided automatically." : "This was decided by a Kindred moderator.";

const TITLES: Record<StatementAction, string> = {
  warn: "A warning about your account",
  suspend: "Your account is suspended",
  ban: "Your account is banned",
  hide: "Your profile is hidden from new matches for now",
  lift: "We reversed our decision",
};

function body(f: StatementFacts): string {
  switch (f.action) {
    case "warn":
      return `We reviewed reports about you and are warning you under ${ruleQuoted(f.rule)} Your account works as before; if it happens again, we may suspend or ban it.`;
    case "suspend":
      return `We reviewed reports about you and suspended your account until ${ukTime(f.endsAt as Date)} under ${ruleQuoted(f.rule)} Until then you cannot sign in, and your matches have ended.`;
    case "ban":
      return `We reviewed reports about you and banned your account permanently under ${ruleQuoted(f.rule)} You can no longer sign in, and your matches have ended.`;
    case "hide":
      return "Several people reported you within a few days, so your profile is not shown to new matches until a moderator has reviewed the reports. Your current matches, chats and calls go on.";
    case "lift":
      return "We reviewed your appeal and reversed our decision: it no longer applies to your account.";
  }
}

const HOW_TO_APPEAL =
  "If you think this is wrong, you can appeal once; a different moderator will review it.";

export function toStatement(f: StatementFacts): Statement {
  const text = [body(f), by(f.automatic), f.appealable ? HOW_TO_APPEAL : ""].filter(Boolean).join(" ");
  return {
    decisionId: f.decisionId,
    action: f.action,
    title: TITLES[f.action],
    text,
    automatic: f.automatic,
    decidedAt: f.decidedAt.toISOString(),
    endsAt: f.endsAt?.toISOString() ?? null,
    appealable: f.appealable,
    appealed: f.appealed,
  };
}

/** Sign-in's answer to someone suspended or banned: until when, under which rule, how to appeal. */
export function signInRefusal(f: { rule: RuleId | null; endsAt: Date | null; appealed: boolean }): string {
  const rule = f.rule ? ` under our rule on ${MODERATION_RULES[f.rule].label}` : "";
  const what = f.endsAt
    ? `Your account is suspended until ${ukTime(f.endsAt)}${rule}.`
    : `Your account is permanently banned${rule}.`;
  const appeal = f.appealed
    ? "We have your appeal, and will email you the outcome."
    : "To appeal, read the decision at the link below (we also emailed it to you).";
  return `${what} ${appeal}`;
}
