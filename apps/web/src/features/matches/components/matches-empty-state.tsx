import { HeartHandshake } from "lucide-react";
import type { ReactNode } from "react";

export function MatchesEmptyState({
  title,
  text,
  action,
}: {
  title: string;
  text: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-3xl border border-stone-300 border-dashed bg-white/60 px-6 py-14 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br from-rose-100 to-violet-100 text-rose-700">
        <HeartHandshake className="size-7" aria-hidden />
      </span>
      <p className="font-semibold text-lg text-stone-900">{title}</p>
      <p className="max-w-sm text-sm text-stone-600">{text}</p>
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
