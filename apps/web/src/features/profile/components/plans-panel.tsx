import { PLANS, PROFILE_TYPES, planOf } from "@kindred/shared/plans";
import type { SelfUser } from "@kindred/shared/user";
import { useChangePlanMutation } from "../api/change-plan";
import { PlanCard } from "./plan-card";

/** The subscription plans of DECISIONS "Plans", the current one marked. */
export function PlansPanel({ user }: { user: SelfUser }) {
  const change = useChangePlanMutation();
  const current = planOf(user.profileType).type;
  return (
    <section aria-labelledby="plans-title">
      <div className="mb-6">
        <h2 id="plans-title" className="font-bold text-2xl text-stone-900 tracking-tight">
          Subscription plans
        </h2>
        <p className="mt-1 text-stone-600">
          More matches at once, longer calls and earlier photo reveals. Change plans at any time.
        </p>
      </div>
      <div className="grid gap-6 md:grid-cols-3">
        {PROFILE_TYPES.map((type) => (
          <PlanCard
            key={type}
            plan={PLANS[type]}
            current={type === current}
            pending={change.isPending && change.variables === type}
            disabled={change.isPending}
            onChoose={() => change.mutate(type)}
          />
        ))}
      </div>
    </section>
  );
}
