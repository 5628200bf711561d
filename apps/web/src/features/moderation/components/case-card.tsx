import { type ModerationCase, RULE_CHOICES } from "@kindred/shared/moderation";
import { Badge } from "@/components/ui/badge";
import { appealedDecisionText, countText } from "../moderation-copy";
import { formatWhen } from "../when";
import { DecisionForm, type Outcome } from "./decision-form";
import { ProfileFacts } from "./profile-facts";
import { ReportItem } from "./report-item";

type Appeal = NonNullable<ModerationCase["appeal"]>;

/** An appeal back in the queue: what they wrote, and the decision it is about. */
function AppealSection({ appeal }: { appeal: Appeal }) {
  const { decision } = appeal;
  return (
    <section aria-label="Appeal" className="grid gap-1 rounded-xl border border-violet-200 bg-violet-50 p-3">
      <h3 className="font-medium text-violet-900">{`Appeal, sent ${formatWhen(appeal.createdAt)}`}</h3>
      <p className="whitespace-pre-line text-stone-800">{appeal.text}</p>
      <p className="text-sm text-stone-600">
        {`About: ${appealedDecisionText(decision, RULE_CHOICES[decision.rule])} on ${formatWhen(decision.createdAt)}.`}
      </p>
      <p className="text-sm text-stone-600">Dismiss reverses that decision; any other action replaces it.</p>
    </section>
  );
}

/** One person's open case: who they are, every report, an appeal, and the decision to make. */
export function CaseCard({ c, onOutcome }: { c: ModerationCase; onOutcome: (outcome: Outcome) => void }) {
  return (
    <article
      data-testid="moderation-case"
      aria-labelledby={`case-${c.user.id}`}
      className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <header className="flex flex-wrap items-center gap-2">
        <h2 id={`case-${c.user.id}`} className="font-semibold text-lg text-stone-900">
          {c.user.username}
        </h2>
        {c.priority ? <Badge>Priority</Badge> : null}
        {c.autoHidden ? <Badge variant="destructive">Automatic: hidden from matching</Badge> : null}
        {c.appeal ? <Badge variant="secondary">Appeal</Badge> : null}
        <span className="text-sm text-stone-600">
          {`${countText(c.distinctReporters, "reporter")} · open since ${formatWhen(c.openedAt)}`}
        </span>
      </header>
      <ProfileFacts user={c.user} />
      {c.appeal ? <AppealSection appeal={c.appeal} /> : null}
      <section aria-label="Reports" className="grid gap-2">
        <h3 className="font-medium text-stone-800">{countText(c.reports.length, "report")}</h3>
        <ul className="grid gap-2">
          {c.reports.map((r) => (
            <ReportItem key={r.id} report={r} reportedUsername={c.user.username} />
          ))}
        </ul>
      </section>
      <DecisionForm userId={c.user.id} username={c.user.username} onOutcome={onOutcome} />
    </article>
  );
}
