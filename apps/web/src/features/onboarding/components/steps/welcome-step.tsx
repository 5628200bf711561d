import { Headphones, Heart, Lock } from "lucide-react";

const POINTS = [
  {
    icon: Heart,
    title: "Answer a few questions",
    text: "Your values, your pace and how you like to talk shape who we match you with.",
  },
  {
    icon: Headphones,
    title: "Talk before you look",
    text: "Get to know your matches through timed audio calls that grow longer each day.",
  },
  {
    icon: Lock,
    title: "Photos come later",
    text: "Until then you're an emoji avatar and an anonymous username.",
  },
] as const;

export function WelcomeStep() {
  return (
    <ul className="grid gap-3">
      {POINTS.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex gap-4 rounded-2xl bg-stone-50 p-4 ring-1 ring-stone-100">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white text-rose-700 shadow-sm ring-1 ring-stone-100">
            <Icon className="size-5" aria-hidden />
          </span>
          <span>
            <span className="block font-semibold text-stone-900">{title}</span>
            <span className="mt-0.5 block text-sm text-stone-600">{text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
