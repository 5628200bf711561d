import type { MatchResult } from "@kindred/shared/matching-api";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";

function scoreVariant(score: number): "default" | "secondary" | "outline" {
  if (score > 80) return "default";
  if (score > 60) return "secondary";
  return "outline";
}

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

const TH = "px-3 py-2 text-left font-medium text-stone-500 text-xs uppercase tracking-wide";
const TD = "px-3 py-3 text-sm text-stone-700";

/** The scored candidates of one generation run, best first. */
export function GenerationTable({ results }: { results: readonly MatchResult[] }) {
  const sorted = [...results].sort((a, b) => b.matchScore - a.matchScore);
  return (
    <div className="overflow-x-auto rounded-2xl border border-stone-200 bg-white">
      <table className="w-full min-w-[760px] border-collapse">
        <thead className="border-stone-200 border-b bg-stone-50">
          <tr>
            <th scope="col" rowSpan={2} className={TH}>
              User
            </th>
            <th scope="col" rowSpan={2} className={TH}>
              Score
            </th>
            <th scope="col" rowSpan={2} className={TH}>
              Gender
            </th>
            <th scope="col" rowSpan={2} className={TH}>
              Age
            </th>
            <th scope="col" rowSpan={2} className={TH}>
              Location
            </th>
            <th scope="colgroup" colSpan={3} className={cn(TH, "border-stone-200 border-b text-center")}>
              Breakdown
            </th>
          </tr>
          <tr>
            <th scope="col" className={TH}>
              Personality
            </th>
            <th scope="col" className={TH}>
              Location
            </th>
            <th scope="col" className={TH}>
              Age
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {sorted.map((r) => (
            <tr key={r.id}>
              <td className={TD}>
                <span className="flex items-center gap-2 font-medium text-stone-900">
                  <span aria-hidden className="text-lg">
                    {r.avatar || r.username.charAt(0).toUpperCase()}
                  </span>
                  {r.username}
                </span>
              </td>
              <td className={TD}>
                <Badge variant={scoreVariant(r.matchScore)}>{`${r.matchScore}%`}</Badge>
              </td>
              <td className={TD}>{r.gender ?? "—"}</td>
              <td className={TD}>{r.age ?? "—"}</td>
              <td className={TD}>{r.location ?? "—"}</td>
              <td className={TD}>{percent(r.compatibilityBreakdown.personality)}</td>
              <td className={TD}>{percent(r.compatibilityBreakdown.location)}</td>
              <td className={TD}>{percent(r.compatibilityBreakdown.age)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
