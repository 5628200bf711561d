import { CALL_LADDER_SECONDS, laterCallsText, lengthText, ordinal } from "@kindred/shared/call-ladder";
import { Heart, Phone, UserPlus } from "lucide-react";
import { SectionHeading } from "./section-heading";

const STEPS = [
  {
    icon: UserPlus,
    title: "Create Your Profile",
    text: "Answer a short compatibility questionnaire and pick an emoji avatar. Your photos stay private.",
  },
  {
    icon: Heart,
    title: "Get Matched",
    text: "We match you on 20+ compatibility factors: values, communication style, love language and more.",
  },
  {
    icon: Phone,
    title: "Connect Through Conversation",
    text: "Get to know each other in timed audio calls that grow longer as your connection does.",
  },
] as const;

// Lengths from the shared ladder the server enforces (DECISIONS "Calls").
const LADDER = [
  { text: "A short, easy first call. Just say hello." },
  { text: "Go deeper. After this call, chat unlocks." },
  { text: "Your longest call yet, and photos are revealed." },
].map((step, i) => ({ ...step, day: `Day ${i + 1}`, length: lengthText(CALL_LADDER_SECONDS[i] ?? 0) }));

export function HowItWorks() {
  return (
    <section id="how-it-works" className="scroll-mt-16 bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          eyebrow="How it works"
          title="From hello to a real connection"
          text="Three simple steps, and conversations that grow with you."
        />
        <ol className="mt-14 grid gap-6 md:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="relative rounded-3xl border border-stone-200 bg-stone-50/60 p-8">
              <span className="absolute top-6 right-6 font-bold text-5xl text-stone-200" aria-hidden>
                {index + 1}
              </span>
              <span className="flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br from-rose-500 to-violet-600 text-white shadow-md">
                <Icon className="size-6" aria-hidden />
              </span>
              <h3 className="mt-6 font-semibold text-stone-900 text-xl">{title}</h3>
              <p className="mt-2 text-stone-600">{text}</p>
            </li>
          ))}
        </ol>

        <div className="mt-20 rounded-3xl bg-gradient-to-br from-stone-900 to-violet-950 p-8 text-white sm:p-12">
          <h3 className="text-center font-bold text-2xl tracking-tight sm:text-3xl">Your call ladder</h3>
          <p className="mt-2 text-center text-stone-300">Each call is a little longer than the last.</p>
          <ol className="mt-10 grid gap-4 md:grid-cols-3">
            {LADDER.map((rung, index) => (
              <li key={rung.day} className="relative rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
                <p className="font-semibold text-rose-300 text-sm">{rung.day}</p>
                <p className="mt-2 font-bold text-3xl">{rung.length}</p>
                <p className="mt-2 text-sm text-stone-300">{rung.text}</p>
                <div className="mt-5 h-1.5 overflow-hidden rounded-full bg-white/10" aria-hidden>
                  <div
                    className="h-full rounded-full bg-gradient-to-r from-rose-400 to-violet-400"
                    style={{ width: `${[25, 50, 100][index]}%` }}
                  />
                </div>
              </li>
            ))}
          </ol>
          <p className="mt-6 text-center text-sm text-stone-300">
            From the {ordinal(CALL_LADDER_SECONDS.length + 1)} call: {laterCallsText()}.
          </p>
        </div>
      </div>
    </section>
  );
}
