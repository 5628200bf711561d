import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { DeviceList } from "../device-list";

/** A labelled select of one kind of audio device; Default is always the first choice. */
export function DeviceSelect({
  id,
  label,
  list,
  value,
  onChange,
  hint,
}: {
  id: string;
  label: string;
  list: DeviceList;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
}) {
  const hintId = `${id}-hint`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} aria-describedby={hint ? hintId : undefined}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {list.options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {hint ? (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
