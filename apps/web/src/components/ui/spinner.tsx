import { Loader2 } from "lucide-react";
import { cn } from "@/lib/cn";

/** className is its size: size-6 unless given. */
export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <Loader2 className={cn("animate-spin text-rose-500", className ?? "size-6")} aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function FullPageSpinner() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Spinner className="size-10" />
    </div>
  );
}
