import { planOf } from "@kindred/shared/plans";
import { Search, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { ApiError, errorDetail } from "@/lib/api";
import { wizardRequestState } from "@/lib/wizard-request";
import { useFindMatches } from "../hooks/use-find-matches";

interface FindMatchesButtonProps {
  /** The plan's matches are all used. */
  full: boolean;
  profileType: string;
  /** Until the matches have loaded. */
  loading: boolean;
}

/**
 * POST /api/generate-matches. Once the plan's matches are full it reads 'Limit Reached' and leads to the
 * plans (disabled on the top plan, which has none above it); it never asks the server for more.
 */
export function FindMatchesButton({ full, profileType, loading }: FindMatchesButtonProps) {
  const mutation = useFindMatches();
  if (full) {
    const canUpgrade = planOf(profileType).type !== "elite";
    return canUpgrade ? (
      <Button asChild variant="gradient">
        <Link to="/profile/subscription" aria-describedby="limit-reached-hint">
          <Sparkles aria-hidden />
          Limit Reached
          <span id="limit-reached-hint" className="sr-only">
            See plans with more matches
          </span>
        </Link>
      </Button>
    ) : (
      <Button variant="gradient" disabled>
        <Sparkles aria-hidden />
        Limit Reached
      </Button>
    );
  }
  // 400 is the server refusing an incomplete profile: its reason, and the way to finish the profile.
  const refusal = mutation.error instanceof ApiError && mutation.error.status === 400 ? mutation.error : null;
  return (
    <div className="grid justify-items-start gap-2 sm:justify-items-end">
      <Button variant="gradient" disabled={loading || mutation.isPending} onClick={() => mutation.mutate()}>
        <Search aria-hidden />
        {mutation.isPending ? "Finding Matches..." : "Find New Matches"}
      </Button>
      {refusal ? (
        <p role="alert" className="max-w-xs text-sm text-stone-700 sm:text-right">
          {errorDetail(refusal, "Complete your profile before finding matches.")}{" "}
          <Link to="/home" state={wizardRequestState()} className="font-medium text-rose-700 underline">
            Complete your profile
          </Link>
        </p>
      ) : null}
    </div>
  );
}
