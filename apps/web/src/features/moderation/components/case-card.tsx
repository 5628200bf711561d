import type { ModerationCase } from "@kindred/shared/moderation";
import { Badge } from "@/components/ui/badge";
import { VoicePlayer } from "@/components/voice-player";
import { DecisionForm } from "./decision-form";
import { ProfileFacts } from "./profile-facts";

const date = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });
const when = (iso: string) => date.format(new Date(iso));

type Report = ModerationCase["reports"][number];

function ReportItem({ report }: { report: Report }) {
  return (
    <li className="grid gap-2 rounded-xl border border-stone-200 p-3">
      <p className="font-medium text-stone-900">
        {report.reason}
        {report.priority ? <Badge className="ml-2">Priority</Badge> : null}
      </p>
      {report.details ? <p className="text-stone-700">{report.details}</p> : null}
      <p className="text-sm text-stone-500">
        {`${when(report.createdAt)} · reported by ${report.reporter ? report.reporter.username : "Deleted account"}`}
      </p>
      {report.match ? (
        <p className="text-sm text-stone-600">
          {`Matched on ${when(report.match.matchedAt)} · ${report.match.status} · ${report.match.calls} ${report.match.calls === 1 ? "call" : "calls"} · chat unlocked: ${report.match.chatUnlocked ? "yes" : "no"}`}
        </p>
      ) : null}
      {report.voiceIntro ? (
        <div className="grid gap-1">
          <p className="text-sm text-stone-600">Their voice intro when reported:</p>
          <VoicePlayer
            src={report.voiceIntro.url}
            durationMs={report.voiceIntro.durationMs}
            peaks={report.voiceIntro.peaks}
            subject="the reported voice intro"
          />
        </div>
      ) : null}
      {report.messages ? (
        <details open className="rounded-lg bg-stone-50 p-2">
          <summary className="cursor-pointer text-sm text-stone-700">{`Their last ${report.messages.length} messages`}</summary>
          <ol className="mt-2 grid gap-1 text-sm">
            {report.messages.map((m) => (
              <li key={`${m.sentAt}-${m.content}`}>
                <span className="font-medium">{m.from === "reported" ? "Reported: " : "Reporter: "}</span>
                {m.content}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </li>
  );
}

/** One person's open case: who they are, every report, an appeal, and the decision to make. */
export function CaseCard({ c, onDecided }: { c: ModerationCase; onDecided: (message: string) => void }) {
  return (
    <article
      data-testid="moderation-case"
      aria-label={`Case of ${c.user.username}`}
      className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <header className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold text-lg text-stone-900">{c.user.username}</h2>
        {c.priority ? <Badge>Priority</Badge> : null}
        {c.autoHidden ? <Badge variant="destructive">Automatic: hidden from matching</Badge> : null}
        {c.appeal ? <Badge variant="secondary">Appeal</Badge> : null}
        <span className="text-sm text-stone-500">
          {`${c.distinctReporters} ${c.distinctReporters === 1 ? "reporter" : "reporters"} · open since ${when(c.openedAt)}`}
        </span>
      </header>
      <ProfileFacts user={c.user} />
      {c.appeal ? (
        <section
          aria-label="Appeal"
          className="grid gap-1 rounded-xl border border-violet-200 bg-violet-50 p-3"
        >
          <p className="font-medium text-violet-900">
            {`Appeal of a ${c.appeal.decision.action} (${c.appeal.decision.rule}) by ${c.appeal.decision.moderator.username} on ${when(c.appeal.decision.createdAt)}`}
          </p>
          <p className="text-stone-800">{c.appeal.text}</p>
          <p className="text-sm text-stone-500">{`Appealed ${when(c.appeal.createdAt)}. Dismiss reverses the decision.`}</p>
        </section>
      ) : null}
      <ul className="grid gap-2">
        {c.reports.map((r) => (
          <ReportItem key={r.id} report={r} />
        ))}
      </ul>
      <DecisionForm userId={c.user.id} onDecided={onDecided} />
    </article>
  );
}
