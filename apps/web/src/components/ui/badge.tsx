import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

const badgeVariants = cva("inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 font-semibold text-xs", {
  variants: {
    variant: {
      default: "bg-rose-600 text-white",
      secondary: "bg-violet-100 text-violet-800",
      outline: "border border-stone-300 text-stone-700",
      destructive: "bg-red-600 text-white",
    },
  },
  defaultVariants: { variant: "default" },
});

export function Badge({
  className,
  variant,
  ...props
}: ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
