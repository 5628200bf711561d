import type { ModerationCase } from "@kindred/shared/moderation";
import { VoicePlayer } from "@/components/voice-player";
import { cn } from "@/lib/cn";
import { matchContextText, senderName } from "../moderation-copy";
import { formatWhen } from "../when";

type Report = ModerationCase["reports"][number];

/** The messages the reporter chose to attach, copied when they reported: a small transcript. */
function Transcript({ report, reportedUsername }: { report: Report; reportedUsername: string }) {
  const messages = report.messages ?? [];
  return (
    <details open className="rounded-lg bg-stone-50 p-3">
      <summary className="cursor-pointer text-sm text-stone-700">
        {messages.length === 1 ? "1 message attached" : `${messages.length} messages attached`}
      </summary>
      <ol className="mt-2 grid gap-1.5 text-sm">
        {messages.map((m, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a copy kept as it was, never reordered
          <li key={i} className="grid gap-0.5">
            <span className="text-stone-500 text-xs">
              {`${senderName(m.from, report.reporter, reportedUsername)} · ${formatWhen(m.sentAt)}`}
            </span>
            <span className={cn("text-stone-900", m.from === "reported" && "font-medium")}>{m.content}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}

/** One report on a case: what was said, by whom, about which match, and what it kept. */
export function ReportItem({ report, reportedUsername }: { report: Report; reportedUsername: string }) {
  return (
    <li
      className={cn(
        "grid gap-2 rounded-xl border border-stone-200 p-3",
        // A priority report (an Elite member's) is marked by colour: the case's badge says it in words.
        report.priority && "border-l-4 border-l-rose-500",
      )}
    >
      <p className="font-medium text-stone-900">{report.reason}</p>
      {report.details ? (
        <blockquote className="whitespace-pre-line border-stone-300 border-l-2 pl-3 text-stone-700">
          {report.details}
        </blockquote>
      ) : null}
      <p className="text-sm text-stone-600">
        {`Reported ${formatWhen(report.createdAt)} by ${report.reporter?.username ?? "Deleted account"}`}
      </p>
      {report.match ? (
        <p className="text-sm text-stone-600">
          {`Matched on ${formatWhen(report.match.matchedAt)} · ${matchContextText(report.match)}`}
        </p>
      ) : (
        <p className="text-sm text-stone-600">No match on record</p>
      )}
      {report.voiceIntro ? (
        <div className="grid gap-1">
          <p className="text-sm text-stone-600">Their voice intro when reported:</p>
          <VoicePlayer
            src={report.voiceIntro.url}
            durationMs={report.voiceIntro.durationMs}
            peaks={report.voiceIntro.peaks}
            subject={`${reportedUsername}'s voice intro when reported`}
          />
        </div>
      ) : null}
      {report.messages && report.messages.length > 0 ? (
        <Transcript report={report} reportedUsername={reportedUsername} />
      ) : null}
    </li>
  );
}
