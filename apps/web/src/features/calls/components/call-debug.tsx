import type { Match } from "@kindred/shared/matches";
import type { SelfUser } from "@kindred/shared/user";

/** SPEC §2 debug block: what a tester needs to match this page to server logs. */
export function CallDebug({
  match,
  user,
  callDay,
  callId,
}: {
  match: Match;
  user: SelfUser;
  callDay: number;
  callId: number | null;
}) {
  const rows: Array<[string, string]> = [
    ["Match ID", String(match.id)],
    ["Other user ID", String(match.otherUser.id)],
    ["Call day", String(callDay)],
    ["Current user", `${user.username} (ID ${user.id})`],
    ["Call ID", callId === null ? "none yet" : String(callId)],
  ];
  // Collapsed: testers open it, everyone else sees the call (issue 27).
  return (
    <details className="rounded-2xl border border-stone-200 bg-stone-50 text-stone-700 text-xs">
      <summary className="cursor-pointer select-none rounded-2xl px-4 py-3 font-medium text-sm text-stone-600 hover:text-stone-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-400">
        Details
      </summary>
      <section aria-labelledby="call-debug-title" className="px-4 pb-4">
        <h2 id="call-debug-title" className="font-medium text-sm">
          Debug information
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-stone-500">{label}</dt>
              <dd className="font-mono">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </details>
  );
}
