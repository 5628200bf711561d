import { formatTime12 } from "@kindred/shared/availability";
import { normalizeTime, validateSlot } from "@kindred/shared/call-slots";
import type { TimeSlot } from "@kindred/shared/user";
import { Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

interface SlotEditorProps {
  /** "Weekdays" or "Weekends". */
  title: string;
  slots: readonly TimeSlot[];
  onChange: (slots: TimeSlot[]) => void;
}

/** Add and remove call-time slots of one list; the slot rules and messages are SPEC §5's. */
export function SlotEditor({ title, slots, onChange }: SlotEditorProps) {
  const id = useId();
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [error, setError] = useState<string | null>(null);

  const add = () => {
    const problem = validateSlot({ start, end }, slots);
    if (problem) return setError(problem);
    const slot = { start: normalizeTime(start) ?? start, end: normalizeTime(end) ?? end };
    onChange([...slots, slot].sort((a, b) => a.start.localeCompare(b.start)));
    setStart("");
    setEnd("");
    setError(null);
  };

  return (
    <fieldset className="grid gap-3 rounded-2xl border border-stone-200 p-4">
      <legend className="px-1 font-semibold text-sm text-stone-900">{title}</legend>
      {slots.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={`${title} slots`}>
          {slots.map((slot) => {
            const text = `${formatTime12(slot.start)} – ${formatTime12(slot.end)}`;
            return (
              <li
                key={`${slot.start}-${slot.end}`}
                className="inline-flex items-center gap-1 rounded-full bg-violet-50 py-1 pr-1 pl-3 font-medium text-sm text-violet-900 ring-1 ring-violet-100"
              >
                {text}
                <button
                  type="button"
                  aria-label={`Remove ${title.toLowerCase()} slot ${text}`}
                  onClick={() => onChange(slots.filter((s) => s !== slot))}
                  className="rounded-full p-1 text-violet-500 hover:bg-violet-100 hover:text-violet-900"
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-stone-500">No times added yet.</p>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid min-w-28 flex-1 gap-1.5">
          <Label htmlFor={`${id}-start`} className="text-stone-600 text-xs">
            {title} start time
          </Label>
          <Input id={`${id}-start`} type="time" value={start} onChange={(e) => setStart(e.target.value)} />
        </div>
        <div className="grid min-w-28 flex-1 gap-1.5">
          <Label htmlFor={`${id}-end`} className="text-stone-600 text-xs">
            {title} end time
          </Label>
          <Input id={`${id}-end`} type="time" value={end} onChange={(e) => setEnd(e.target.value)} />
        </div>
        <Button
          variant="secondary"
          className="h-11"
          onClick={add}
          aria-label={`Add ${title.toLowerCase()} slot`}
        >
          <Plus aria-hidden /> Add
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-red-600 text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
