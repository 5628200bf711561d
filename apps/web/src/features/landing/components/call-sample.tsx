import { Lock, Mic, PhoneOff } from "lucide-react";

const CALL_SECONDS = 5 * 60;
const ELAPSED_SECONDS = 3 * 60 + 15;
const BARS = [0.5, 0.8, 0.35, 1, 0.6, 0.9, 0.45, 0.75, 0.3, 0.85, 0.55, 0.95, 0.4, 0.7];

/** A marketing sample of a Day 1 call: 3:15 into a 5:00 call. Decorative, not interactive. */
export function CallSample() {
  const progress = Math.round((ELAPSED_SECONDS / CALL_SECONDS) * 100);
  return (
    <figure className="relative mx-auto w-full max-w-sm">
      <div
        aria-hidden
        className="absolute -inset-6 rounded-[2.5rem] bg-gradient-to-br from-rose-200/60 to-violet-200/60 blur-2xl"
      />
      <div className="relative rounded-[2rem] border border-white/60 bg-white/90 p-6 shadow-2xl shadow-violet-500/10 backdrop-blur">
        <div className="flex items-center justify-between">
          <span className="rounded-full bg-rose-50 px-3 py-1 font-semibold text-rose-700 text-xs">
            Day 1 · First call
          </span>
          <span className="flex items-center gap-1.5 font-medium text-emerald-600 text-xs">
            <span className="size-2 motion-safe:animate-pulse rounded-full bg-emerald-500" aria-hidden />
            On Call
          </span>
        </div>
        <div className="mt-6 flex items-center justify-center gap-4" aria-hidden>
          <span className="flex size-16 items-center justify-center rounded-full bg-gradient-to-br from-amber-100 to-rose-200 text-3xl">
            🦊
          </span>
          <span className="flex h-12 items-center gap-1">
            {BARS.map((height, i) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative list
                key={i}
                className="w-1 origin-center motion-safe:animate-wave rounded-full bg-gradient-to-b from-rose-400 to-violet-500"
                style={{ height: `${height * 100}%`, animationDelay: `${(i % 7) * 0.12}s` }}
              />
            ))}
          </span>
          <span className="flex size-16 items-center justify-center rounded-full bg-gradient-to-br from-sky-100 to-violet-200 text-3xl">
            🌻
          </span>
        </div>
        <div className="mt-6 text-center">
          <p className="font-bold text-5xl text-stone-900 tabular-nums tracking-tight">3:15</p>
          <p className="mt-1 text-sm text-stone-500">of a 5:00 first call</p>
        </div>
        <div className="mt-4 h-2 overflow-hidden rounded-full bg-stone-100" aria-hidden>
          <div
            className="h-full rounded-full bg-gradient-to-r from-rose-500 to-violet-600"
            style={{ width: `${progress}%` }}
          />
        </div>
        <div className="mt-6 flex justify-center gap-4" aria-hidden>
          <span className="flex size-12 items-center justify-center rounded-full bg-stone-100 text-stone-700">
            <Mic className="size-5" />
          </span>
          <span className="flex size-12 items-center justify-center rounded-full bg-red-500 text-white shadow-lg shadow-red-500/30">
            <PhoneOff className="size-5" />
          </span>
        </div>
        <figcaption className="mt-6 flex items-center justify-center gap-2 rounded-xl bg-violet-50 px-3 py-2 text-violet-800 text-xs">
          <Lock className="size-3.5" aria-hidden />
          Photos stay hidden until you have talked
        </figcaption>
      </div>
    </figure>
  );
}
