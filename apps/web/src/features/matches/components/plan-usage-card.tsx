import { callsTodayText, dailyLimitReached, dailyLimitText } from "@kindred/shared/limits-text";
import { planOf } from "@kindred/shared/plans";
import type { SelfUser } from "@kindred/shared/user";
import { Crown, Phone } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useCallAllowanceQuery } from "../api/get-call-allowance";
import { useMatchesQuery } from "../api/get-matches";

/** 'Calls today: 1 of 2', or once they are used up the card's sentence for the limit. */
function CallsToday() {
  const { data: allowance } = useCallAllowanceQuery();
  if (!allowance) return null;
  return (
    <p className="flex items-center gap-2 font-medium text-sm text-stone-700">
      <Phone className="size-4 shrink-0 text-rose-700" aria-hidden />
      {dailyLimitReached(allowance) ? dailyLimitText(allowance) : callsTodayText(allowance)}
    </p>
  );
}

/** Matches used out of the plan's maximum, and the day's calls (DECISIONS "Plans"). */
export function PlanUsageCard({ user }: { user: Pick<SelfUser, "profileType"> }) {
  const plan = planOf(user.profileType);
  const { data: matches } = useMatchesQuery();
  const used = matches?.length ?? 0;
  const percent = Math.min(100, Math.round((used / plan.maxMatches) * 100));
  return (
    <Card role="region" aria-label="Your plan">
      <CardHeader className="pb-4">
        <div className="flex items-center justify-between gap-2">
          <CardDescription className="font-medium text-stone-600">Your plan</CardDescription>
          <span className="inline-flex items-center gap-1 rounded-full bg-gradient-to-r from-rose-500 to-violet-600 px-2.5 py-0.5 font-semibold text-white text-xs">
            <Crown className="size-3" aria-hidden />
            {plan.label}
          </span>
        </div>
        <CardTitle className="text-2xl">
          {matches ? `${used} of ${plan.maxMatches}` : `– of ${plan.maxMatches}`}{" "}
          <span className="ml-1 font-normal text-base text-stone-500">matches used</span>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div
          role="progressbar"
          aria-label="Matches used"
          aria-valuemin={0}
          aria-valuemax={plan.maxMatches}
          aria-valuenow={used}
          className="h-2 overflow-hidden rounded-full bg-stone-100"
        >
          <div
            className="h-full rounded-full bg-gradient-to-r from-rose-500 to-violet-600 transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
        <CallsToday />
        <p className="text-sm text-stone-500">
          {used >= plan.maxMatches
            ? "Your plan's matches are full."
            : `Room for ${plan.maxMatches - used} more ${plan.maxMatches - used === 1 ? "match" : "matches"}.`}{" "}
          <Link to="/profile?tab=subscription" className="font-medium text-rose-700 hover:underline">
            See plans
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
