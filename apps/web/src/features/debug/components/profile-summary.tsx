import type { Match } from "@kindred/shared/matches";
import type { SelfUser } from "@kindred/shared/user";
import { useQuery } from "@tanstack/react-query";
import { matchesQueryKey } from "@/lib/matches";

const dash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === "" ? "—" : String(value);
const list = (values: readonly string[] | null) => (values?.length ? values.join(", ") : "—");

/** What the matcher reads of the current user, plus how many live matches they hold. */
export function ProfileSummary({ user }: { user: SelfUser }) {
  const matches = useQuery<Match[], Error>({ queryKey: matchesQueryKey });
  const rows: [string, string][] = [
    ["Gender", dash(user.gender)],
    ["Interested in", list(user.interestedGenders)],
    ["Age", dash(user.age)],
    ["Location", dash(user.location)],
    ["Communication style", dash(user.communicationStyle)],
    ["Values", dash(user.values)],
    ["Conflict resolution", dash(user.conflictResolution)],
    ["Free-time activities", list(user.freeTimeActivities)],
    ["Match count", matches.data ? String(matches.data.length) : matches.isError ? "—" : "…"],
  ];
  return (
    <dl className="grid gap-px overflow-hidden rounded-2xl border border-stone-200 bg-stone-200 sm:grid-cols-2 lg:grid-cols-3">
      {rows.map(([term, value]) => (
        <div key={term} className="bg-white p-4">
          <dt className="font-medium text-stone-500 text-xs uppercase tracking-wide">{term}</dt>
          <dd className="mt-1 text-sm text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
