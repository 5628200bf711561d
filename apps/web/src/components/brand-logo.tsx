import { PRODUCT_NAME } from "@kindred/shared/constants";
import { useId } from "react";
import { cn } from "@/lib/cn";

/** The mark: a sound wave in a rose-to-violet tile. */
export function BrandMark({ className }: { className?: string }) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-8", className)}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f43f5e" />
          <stop offset="1" stopColor="#7c3aed" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
      <path
        d="M9 13v6M13 10v12M17 12v8M21 9v14M25 14v4"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The mark and the name; `large` on a page of its own (sign-in, a mailed link's page). */
export function BrandLogo({ large = false }: { large?: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-2 font-bold text-stone-900 tracking-tight",
        large ? "text-2xl" : "text-xl",
      )}
    >
      <BrandMark />
      {PRODUCT_NAME}
    </span>
  );
}
