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
  return (
    <section
      aria-labelledby="call-debug-title"
      className="rounded-2xl border border-stone-200 bg-stone-50 p-4 text-stone-700 text-xs"
    >
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
  );
}
