import { planLimitLines } from "@kindred/shared/limits-text";
import { PLANS, type Plan, planOf } from "@kindred/shared/plans";
import type { SelfUser } from "@kindred/shared/user";
import { Check, Crown } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

function nextPlan(current: Plan): Plan | null {
  if (current.type === "basic") return PLANS.premium;
  if (current.type === "premium") return PLANS.elite;
  return null;
}

/** The next plan up; Elite sees no upgrade prompts (SPEC §6). */
export function UpgradeCard({ user }: { user: Pick<SelfUser, "profileType"> }) {
  const next = nextPlan(planOf(user.profileType));
  if (!next) return null;
  return (
    <section
      aria-labelledby="upgrade-title"
      className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-stone-900 to-violet-950 p-6 text-white shadow-sm"
    >
      <div aria-hidden className="absolute -top-12 -right-12 size-40 rounded-full bg-rose-500/20 blur-2xl" />
      <p className="relative flex items-center gap-2 font-semibold text-rose-300 text-sm">
        <Crown className="size-4" aria-hidden /> {next.label}
      </p>
      <h2 id="upgrade-title" className="relative mt-2 font-bold text-xl tracking-tight">
        {`Upgrade to ${next.label}`}
      </h2>
      <p className="relative mt-1 text-sm text-stone-300">{next.price}</p>
      <ul className="relative mt-4 grid gap-2 text-sm text-stone-200">
        {[...next.features, ...planLimitLines(next)].map((feature) => (
          <li key={feature} className="flex items-center gap-2">
            <Check className="size-4 text-emerald-400" aria-hidden /> {feature}
          </li>
        ))}
      </ul>
      <Button asChild variant="gradient" className="relative mt-5 w-full">
        <Link to="/profile?tab=subscription">Upgrade Now</Link>
      </Button>
    </section>
  );
}
