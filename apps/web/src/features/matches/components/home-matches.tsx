import type { Match } from "@kindred/shared/matches";
import { planOf } from "@kindred/shared/plans";
import type { SelfUser } from "@kindred/shared/user";
import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { useMatchesQuery } from "../api/get-matches";
import { FindMatchesButton } from "./find-matches-button";
import { MatchCard } from "./match-card";
import { MatchGridSkeleton } from "./match-grid-skeleton";
import { MatchesEmptyState } from "./matches-empty-state";
import { MatchesError } from "./matches-error";

const SHOWN_ON_HOME = 4;

/** The dashboard's matches: 'Find New Matches' and the newest match cards. */
export function HomeMatches({
  user,
  cardExtras,
}: {
  user: Pick<SelfUser, "profileType">;
  /** What other features add to each card (composed by the route). */
  cardExtras?: (match: Match) => ReactNode;
}) {
  const plan = planOf(user.profileType);
  const { data: matches, isPending, error, refetch } = useMatchesQuery();
  const full = !!matches && matches.length >= plan.maxMatches;
  const more = matches ? matches.length - SHOWN_ON_HOME : 0;

  return (
    <section aria-labelledby="home-matches-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="home-matches-title" className="font-bold text-2xl text-stone-900 tracking-tight">
            Your matches
          </h2>
          <p className="text-sm text-stone-500">People who fit you, waiting for a first conversation.</p>
        </div>
        <FindMatchesButton full={full} profileType={user.profileType} loading={!matches} />
      </div>
      {isPending ? (
        <MatchGridSkeleton count={2} />
      ) : error ? (
        <MatchesError error={error} onRetry={() => refetch()} />
      ) : matches.length === 0 ? (
        <MatchesEmptyState
          title="No matches yet"
          text="Press 'Find New Matches' and we'll look for people who share your values and way of talking."
        />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {matches.slice(0, SHOWN_ON_HOME).map((match) => (
              <MatchCard key={match.id} match={match} cardExtras={cardExtras} />
            ))}
          </div>
          <Button asChild variant="link" className="justify-self-start px-0">
            <Link to="/matches">
              {more > 0 ? `See all ${matches.length} matches` : "Go to your matches"}
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </>
      )}
    </section>
  );
}
