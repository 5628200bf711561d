import { CALL_LADDER_SECONDS, lengthText } from "@kindred/shared/call-ladder";
import { planOf } from "@kindred/shared/plans";
import type { SelfUser } from "@kindred/shared/user";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

function steps(revealAfter: number, planLabel: string) {
  return [
    {
      title: "Get matched",
      text: "Find New Matches looks for people who share your values and way of talking.",
    },
    {
      title: "Talk first",
      text: `${CALL_LADDER_SECONDS.map((s, i) => `Day ${i + 1} is ${lengthText(s)}`).join(", ")}.`,
    },
    { title: "Chat unlocks", text: "After your second call you can message each other." },
    {
      title: "Photos revealed",
      text: `After ${revealAfter} ${revealAfter === 1 ? "call" : "calls"} on the ${planLabel} plan, or later if your match's plan asks for more.`,
    },
  ];
}

export function HowItWorksCard({ user }: { user: Pick<SelfUser, "profileType"> }) {
  const plan = planOf(user.profileType);
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="text-lg">How it works</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-4">
          {steps(plan.revealAfterCalls, plan.label).map((step, index) => (
            <li key={step.title} className="flex gap-3">
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-rose-500 to-violet-600 font-semibold text-white text-xs">
                {index + 1}
              </span>
              <div>
                <p className="font-medium text-sm text-stone-900">{step.title}</p>
                <p className="text-sm text-stone-500">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
