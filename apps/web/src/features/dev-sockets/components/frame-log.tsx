import { ArrowDownLeft, ArrowUpRight, Info, Trash } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { type Direction, formatClock, type LogEntry } from "../log-entries";

const DIRECTION: Record<Direction, { label: string; icon: typeof Info; className: string }> = {
  sent: { label: "sent", icon: ArrowUpRight, className: "bg-violet-100 text-violet-800" },
  received: { label: "received", icon: ArrowDownLeft, className: "bg-emerald-100 text-emerald-800" },
  info: { label: "info", icon: Info, className: "bg-stone-100 text-stone-600" },
};

function FrameRow({ entry }: { entry: LogEntry }) {
  const { label, icon: Icon, className } = DIRECTION[entry.direction];
  return (
    <li className="grid gap-1 border-stone-100 border-b px-3 py-2 last:border-b-0">
      <div className="flex items-center gap-2">
        <time dateTime={new Date(entry.at).toISOString()} className="text-stone-500 tabular-nums">
          {formatClock(entry.at)}
        </time>
        <span className={cn("inline-flex items-center gap-1 rounded px-1.5 font-semibold", className)}>
          <Icon className="size-3" aria-hidden />
          {label}
        </span>
      </div>
      {entry.note ? <p className="font-sans text-red-700">{entry.note}</p> : null}
      {entry.direction === "info" ? (
        <p className="font-sans text-stone-600">{entry.text}</p>
      ) : (
        <pre className="whitespace-pre-wrap break-all text-stone-900">{entry.text}</pre>
      )}
    </li>
  );
}

/**
 * Every frame sent and received, oldest first. It follows new frames while the tester is at the bottom,
 * and stays put while they scroll back to read.
 */
export function FrameLog({
  entries,
  onClear,
  dense = false,
}: {
  entries: readonly LogEntry[];
  onClear: () => void;
  dense?: boolean;
}) {
  const headingId = useId();
  const list = useRef<HTMLOListElement>(null);
  const pinned = useRef(true);
  const newest = entries.at(-1)?.id;

  useEffect(() => {
    const el = list.current;
    if (el && pinned.current && newest !== undefined) el.scrollTop = el.scrollHeight;
  }, [newest]);

  return (
    <section aria-labelledby={headingId} className="grid content-start gap-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className={cn("font-semibold text-stone-900", dense ? "text-sm" : "text-lg")}>
          {`Frame log (${entries.length})`}
        </h2>
        <Button variant="outline" size="sm" onClick={onClear}>
          <Trash aria-hidden /> Clear
        </Button>
      </div>
      <ol
        ref={list}
        aria-label="Frames"
        onScroll={(e) => {
          const el = e.currentTarget;
          pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
        className={cn(
          "overflow-y-auto rounded-xl border border-stone-200 bg-white font-mono text-xs",
          dense ? "h-[32rem]" : "h-[28rem]",
        )}
      >
        {entries.map((entry) => (
          <FrameRow key={entry.id} entry={entry} />
        ))}
      </ol>
      {entries.length === 0 ? (
        <p className="text-sm text-stone-500">No frames yet. Connect, then send one.</p>
      ) : null}
    </section>
  );
}
