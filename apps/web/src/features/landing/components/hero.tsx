import { Headphones } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { CallSample } from "./call-sample";

const STATS = [
  { value: "3+", label: "audio calls before photo reveal" },
  { value: "87%", label: "more meaningful connections" },
  { value: "20+", label: "compatibility factors" },
] as const;

export function Hero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-rose-50 via-white to-violet-50/60">
      <div aria-hidden className="absolute -top-32 -left-32 size-96 rounded-full bg-rose-200/40 blur-3xl" />
      <div aria-hidden className="absolute top-40 -right-32 size-96 rounded-full bg-violet-200/40 blur-3xl" />
      <div className="relative mx-auto grid max-w-6xl items-center gap-14 px-4 py-16 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:py-24">
        <div className="text-center lg:text-left">
          <span className="inline-flex items-center gap-2 rounded-full bg-white/80 px-3 py-1 font-medium text-rose-700 text-sm shadow-sm ring-1 ring-rose-100">
            <Headphones className="size-4" aria-hidden />
            Audio-first dating for adults 21+
          </span>
          <h1 className="mt-6 font-extrabold text-4xl text-stone-900 tracking-tight sm:text-5xl lg:text-6xl">
            Find Your{" "}
            <span className="bg-gradient-to-r from-rose-500 to-violet-600 bg-clip-text text-transparent">
              Kindred Spirit
            </span>{" "}
            Through Conversation
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg text-stone-600 lg:mx-0">
            Get to know someone's voice, humour and values before you see a single photo. We match you on what
            matters, then let conversation lead.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <Button asChild variant="gradient" size="lg">
              <Link to="/auth?tab=register">Create Account</Link>
            </Button>
            {/* A link to the section, as the header's section links are: it works before the page's
                scripts run (the page is pre-rendered). */}
            <Button asChild variant="outline" size="lg">
              <a href="#how-it-works" aria-label="Learn More about how it works">
                Learn More
              </a>
            </Button>
          </div>
          <dl className="mt-12 grid grid-cols-3 gap-4 border-stone-200 border-t pt-8">
            {STATS.map((stat) => (
              // The value is shown above its label (column-reverse) and pinned to the top (justify-end is
              // the top in a reversed column), so the three values line up whatever their labels wrap to.
              <div key={stat.label} className="flex flex-col-reverse justify-end">
                <dt className="mt-1 text-stone-500 text-xs sm:text-sm">{stat.label}</dt>
                <dd className="font-bold text-2xl text-stone-900 sm:text-3xl">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <CallSample />
      </div>
    </section>
  );
}
