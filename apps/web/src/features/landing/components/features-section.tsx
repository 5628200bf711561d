import { callLadderLine } from "@kindred/shared/call-ladder";
import { EyeOff, Headphones, NotebookPen, Timer } from "lucide-react";
import { SectionHeading } from "./section-heading";

const FEATURES = [
  {
    icon: Headphones,
    title: "Audio-First Connection",
    text: "Voices before faces. Hear the warmth, humour and curiosity that a photo can never show.",
  },
  {
    icon: Timer,
    title: "Timed Conversations",
    text: `${callLadderLine("basic")} keep early chats light and let them deepen naturally.`,
  },
  {
    icon: EyeOff,
    title: "Delayed Photo Reveal",
    text: "Photos stay hidden until you have shared a few calls, so attraction starts with who someone is.",
  },
  {
    icon: NotebookPen,
    title: "Private Notes",
    text: "Jot down what mattered after each call. Your notes are only ever visible to you.",
  },
] as const;

export function FeaturesSection() {
  return (
    <section
      id="features"
      className="scroll-mt-16 bg-gradient-to-b from-violet-50/60 to-rose-50/40 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          eyebrow="What makes us different"
          title="Dating, the way it should feel"
          text="Everything is designed so that you get to know a person, not a profile picture."
        />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="flex gap-5 rounded-3xl bg-white p-8 shadow-sm ring-1 ring-stone-200/70 transition-shadow hover:shadow-md"
            >
              <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-rose-50 text-rose-700">
                <Icon className="size-6" aria-hidden />
              </span>
              <div>
                <h3 className="font-semibold text-lg text-stone-900">{title}</h3>
                <p className="mt-2 text-stone-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
