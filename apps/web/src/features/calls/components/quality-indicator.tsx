import { Signal, SignalLow, SignalMedium } from "lucide-react";
import { cn } from "@/lib/cn";
import { qualityLabel } from "../call-notices";
import type { CallQuality } from "../call-quality";

const LOOK = {
  good: { Icon: Signal, colour: "text-emerald-700" },
  weak: { Icon: SignalMedium, colour: "text-amber-700" },
  poor: { Icon: SignalLow, colour: "text-red-700" },
} as const;

/** Signal bars for the connection's quality (from getStats round-trip time, jitter and loss). */
export function QualityIndicator({ quality }: { quality: CallQuality | null }) {
  if (!quality) return null;
  const { Icon, colour } = LOOK[quality];
  const label = qualityLabel(quality);
  return (
    <span role="img" aria-label={label} title={label} className={cn("inline-flex", colour)}>
      <Icon className="size-5" aria-hidden />
    </span>
  );
}
