import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/**
 * The browser's own select, styled as Input: for short fixed lists in dense forms (the moderation
 * console), where the platform picker serves keyboards, screen readers and phones as they expect.
 */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "flex h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 focus-visible:border-rose-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-200 disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-red-500 md:text-sm",
        className,
      )}
      {...props}
    />
  );
}
