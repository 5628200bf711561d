import { PRODUCT_NAME } from "@kindred/shared/constants";
import { Check } from "lucide-react";

const PROMISES = [
  "For adults aged 21 and over",
  "Usernames that never reveal your real name",
  "Emoji avatars until you are ready",
  "Block and report, on every plan",
] as const;

export function AboutSection() {
  return (
    <section id="about" className="scroll-mt-16 bg-white py-20 sm:py-28">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <p className="font-semibold text-rose-700 text-sm uppercase tracking-wider">About {PRODUCT_NAME}</p>
          <h2 className="mt-2 font-bold text-3xl text-stone-900 tracking-tight sm:text-4xl">
            Great relationships start with great conversations
          </h2>
          <p className="mt-6 text-lg text-stone-600">
            Swiping rewards the quickest glance. {PRODUCT_NAME} slows things down: you are matched on values
            and personality, you talk, and only then do you see each other.
          </p>
          <ul className="mt-8 grid gap-3">
            {PROMISES.map((promise) => (
              <li key={promise} className="flex items-center gap-3 text-stone-700">
                <span className="flex size-6 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
                  <Check className="size-4" aria-hidden />
                </span>
                {promise}
              </li>
            ))}
          </ul>
        </div>
        <blockquote className="relative rounded-3xl bg-gradient-to-br from-rose-500 to-violet-600 p-10 text-white shadow-xl">
          <span aria-hidden className="absolute top-4 left-6 font-serif text-8xl text-white/20 leading-none">
            “
          </span>
          <p className="relative text-xl leading-relaxed">
            By our third call I knew his laugh, his favourite books and how he treats people. Seeing his photo
            was the least important part.
          </p>
          <div className="relative mt-6 flex items-center gap-3">
            <span
              className="flex size-10 items-center justify-center rounded-full bg-white/20 text-xl"
              aria-hidden
            >
              🌸
            </span>
            <span className="text-rose-50 text-sm">A {PRODUCT_NAME} member</span>
          </div>
        </blockquote>
      </div>
    </section>
  );
}
