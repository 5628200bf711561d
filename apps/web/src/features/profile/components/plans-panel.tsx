import { PLANS, PROFILE_TYPES, type ProfileType, planOf } from "@kindred/shared/plans";
import type { SelfUser } from "@kindred/shared/user";
import { useState } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { toast } from "@/components/ui/use-toast";
import { useChangePlanMutation } from "../api/change-plan";
import { PlanCard } from "./plan-card";

// No payment provider yet (DECISIONS "Plans"): every plan change says so, before and after.
const NO_PAYMENT = "No payment is taken yet: plan changes are free while payments are being set up.";

/** The subscription plans of DECISIONS "Plans", the current one marked; a change is confirmed first. */
export function PlansPanel({ user }: { user: SelfUser }) {
  const [asked, setAsked] = useState<ProfileType | null>(null);
  const [confirming, setConfirming] = useState(false);
  const change = useChangePlanMutation({
    onChanged: (updated) =>
      toast({ title: `You're on ${planOf(updated.profileType).label} now`, description: NO_PAYMENT }),
  });
  const current = planOf(user.profileType);
  const target = asked ? PLANS[asked] : null;
  const downgrade = target ? target.maxMatches < current.maxMatches : false;
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
            current={type === current.type}
            pending={change.isPending && change.variables === type}
            disabled={change.isPending}
            onChoose={() => {
              setAsked(type);
              setConfirming(true);
            }}
          />
        ))}
      </div>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{`Switch to ${target?.label ?? ""}?`}</AlertDialogTitle>
            <AlertDialogDescription>
              {`You're on ${current.label} (${current.price}). ${target?.label ?? ""} is ${target?.price ?? ""}. `}
              {downgrade
                ? `Your matches stay, but new ones wait until you have fewer than ${target?.maxMatches}. `
                : ""}
              {NO_PAYMENT}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction variant="gradient" onClick={() => asked && change.mutate(asked)}>
              {`Switch to ${target?.label ?? ""}`}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
