import type { Match } from "@kindred/shared/matches";
import { limitsExplanation } from "../call-limits";

/** SPEC §2 explanation of limits, for this match, from the shared ladder and the pair's reveal rule. */
export function CallLimitsCard({ match, callerPlan }: { match: Match; callerPlan: string | null }) {
  const text = limitsExplanation({
    callCount: match.callCount,
    photosRevealAfterCalls: match.photosRevealAfterCalls,
    isChatUnlocked: match.isChatUnlocked,
    arePhotosRevealed: match.arePhotosRevealed,
    callerPlan,
  });
  return (
    <section
      aria-labelledby="call-limits-title"
      className="rounded-3xl bg-violet-50 p-6 text-sm text-violet-950"
    >
      <h2 id="call-limits-title" className="mb-3 font-semibold text-base">
        How calls work
      </h2>
      <p className="mb-2 font-medium">{text.next}</p>
      <ul className="mb-3 list-disc space-y-1 pl-5">
        {text.ladder.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {text.unlocks.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p className="mt-2 text-violet-800">{text.counting}</p>
    </section>
  );
}
