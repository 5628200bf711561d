import { Terminal } from "lucide-react";
import type { ReactNode } from "react";

/** The frame of every socket test page: what it is, which socket it talks to, then the console. */
export function DevPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6">
      <header>
        <p className="flex items-center gap-2 font-semibold text-rose-700 text-sm uppercase tracking-wider">
          <Terminal className="size-4" aria-hidden /> Developer
        </p>
        <h1 className="mt-1 font-bold text-3xl text-stone-900 tracking-tight">{title}</h1>
        <p className="mt-1 max-w-3xl text-stone-600">{intro}</p>
      </header>
      {children}
    </div>
  );
}
