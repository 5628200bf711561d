import type { Match } from "@kindred/shared/matches";
import { planOf } from "@kindred/shared/plans";
import type { SelfUser } from "@kindred/shared/user";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { useMatchesQuery } from "../api/get-matches";
import { FindMatchesButton } from "./find-matches-button";
import { MatchCard } from "./match-card";
import {
  filterMatches,
  isMatchFilter,
  MATCH_FILTERS,
  MatchFilter,
  type MatchFilterValue,
} from "./match-filter";
import { MatchGridSkeleton } from "./match-grid-skeleton";
import { MatchesEmptyState } from "./matches-empty-state";
import { MatchesError } from "./matches-error";

/** The /matches screen: count against the plan limit, find-new, the filter and the cards. */
export function MatchesScreen({
  user,
  cardExtras,
}: {
  user: Pick<SelfUser, "profileType">;
  /** What other features add to each card (composed by the route). */
  cardExtras?: (match: Match) => ReactNode;
}) {
  const plan = planOf(user.profileType);
  const { data: matches, isPending, error, refetch } = useMatchesQuery();
  const [params, setParams] = useSearchParams();
  const raw = params.get("filter");
  const filter: MatchFilterValue = isMatchFilter(raw) ? raw : "all";
  const setFilter = (next: MatchFilterValue) =>
    setParams(next === "all" ? {} : { filter: next }, { replace: true });

  const used = matches?.length ?? 0;
  const full = used >= plan.maxMatches;
  const shown = matches ? filterMatches(matches, filter) : [];
  const filterLabel = MATCH_FILTERS.find((f) => f.value === filter)?.label ?? "All";

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-bold text-3xl text-stone-900 tracking-tight">Your Matches</h1>
          <p className="mt-1 text-stone-600">
            <span className="font-semibold text-stone-900">{matches ? used : "–"}</span>
            {` of ${plan.maxMatches} matches on the ${plan.label} plan`}
          </p>
        </div>
        <FindMatchesButton full={!!matches && full} profileType={user.profileType} loading={!matches} />
      </header>

      {matches && matches.length > 0 ? (
        <div className="mt-6">
          <MatchFilter matches={matches} value={filter} onChange={setFilter} />
        </div>
      ) : null}

      <section aria-label="Matches" className="mt-6">
        {isPending ? (
          <MatchGridSkeleton />
        ) : error ? (
          <MatchesError error={error} onRetry={() => refetch()} />
        ) : matches.length === 0 ? (
          <MatchesEmptyState
            title="No matches yet"
            text="Press 'Find New Matches' and we'll look for people who share your values and way of talking."
          />
        ) : shown.length === 0 ? (
          <MatchesEmptyState
            title={`No matches in “${filterLabel}”`}
            text="None of your matches fit this view yet."
            action={
              <Button variant="outline" onClick={() => setFilter("all")}>
                Show all matches
              </Button>
            }
          />
        ) : (
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
            {shown.map((match) => (
              <MatchCard key={match.id} match={match} headingLevel={2} cardExtras={cardExtras} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
