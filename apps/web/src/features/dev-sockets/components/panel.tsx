import { type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";

/** One titled block of a console; `dense` is the older, compact layout. */
export function Panel({
  title,
  dense = false,
  className,
  children,
}: {
  title: string;
  dense?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        "grid content-start rounded-2xl border border-stone-200 bg-white shadow-sm",
        dense ? "gap-2 rounded-lg p-3" : "gap-4 p-5",
        className,
      )}
    >
      <h2 id={headingId} className={cn("font-semibold text-stone-900", dense ? "text-sm" : "text-lg")}>
        {title}
      </h2>
      {children}
    </section>
  );
}
