import { PRODUCT_NAME } from "@kindred/shared/constants";
import { Sparkles } from "lucide-react";

/** One page for every screen whose feature has not landed yet. */
export function ComingSoonPage({ title, text }: { title: string; text: string }) {
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <div className="rounded-full bg-gradient-to-br from-rose-100 to-violet-100 p-4 text-rose-600">
        <Sparkles className="size-7" aria-hidden />
      </div>
      <h1 className="font-bold text-3xl text-stone-900 tracking-tight">{title}</h1>
      <p className="text-stone-600">{text}</p>
    </section>
  );
}
