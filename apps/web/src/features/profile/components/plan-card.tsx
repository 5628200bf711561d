import { callLadderLine } from "@kindred/shared/call-ladder";
import { planLimitLines } from "@kindred/shared/limits-text";
import type { Plan } from "@kindred/shared/plans";
import { Check, Crown, Loader2, Sparkles, Star } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";

const ICONS = { basic: Star, premium: Sparkles, elite: Crown } as const;

interface PlanCardProps {
  plan: Plan;
  current: boolean;
  pending: boolean;
  disabled: boolean;
  onChoose: () => void;
}

function priceParts(price: string): [string, string] {
  const [amount = price, period] = price.split("/");
  return [amount, period ? `/${period}` : ""];
}

export function PlanCard({ plan, current, pending, disabled, onChoose }: PlanCardProps) {
  const Icon = ICONS[plan.type];
  const [amount, period] = priceParts(plan.price);
  const featured = plan.type === "premium";
  return (
    <article
      aria-labelledby={`plan-${plan.type}`}
      aria-current={current || undefined}
      className={cn(
        "relative flex flex-col rounded-3xl border bg-white p-6 shadow-sm transition",
        current ? "border-rose-500 ring-2 ring-rose-500/30" : "border-stone-200",
        featured && !current && "shadow-lg shadow-violet-500/10",
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <span
          className={cn(
            "flex size-10 items-center justify-center rounded-xl",
            plan.type === "basic"
              ? "bg-stone-100 text-stone-600"
              : "bg-gradient-to-br from-rose-500 to-violet-600 text-white",
          )}
        >
          <Icon className="size-5" aria-hidden />
        </span>
        {current ? (
          <Badge>Current Plan</Badge>
        ) : featured ? (
          <Badge variant="secondary">Most popular</Badge>
        ) : null}
      </div>
      <h3 id={`plan-${plan.type}`} className="mt-4 font-semibold text-stone-900 text-xl">
        {plan.label}
      </h3>
      <p className="mt-2">
        <span className="font-bold text-4xl text-stone-900 tracking-tight">{amount}</span>
        <span className="text-stone-500">{period}</span>
      </p>
      <ul className="mt-6 grid flex-1 content-start gap-2.5">
        {[...plan.features, ...planLimitLines(plan), callLadderLine(plan.type)].map((feature) => (
          <li key={feature} className="flex items-start gap-2 text-sm text-stone-700">
            <Check className="mt-0.5 size-4 shrink-0 text-rose-700" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
      <Button
        className="mt-6 w-full"
        variant={current ? "outline" : "gradient"}
        disabled={current || disabled}
        onClick={onChoose}
      >
        {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {current ? "Current Plan" : `Choose ${plan.label}`}
      </Button>
    </article>
  );
}
