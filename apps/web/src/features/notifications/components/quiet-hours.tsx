import type { NotificationSettings } from "@kindred/shared/notifications";
import { useEffect, useId, useState } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SettingSwitch } from "@/components/ui/setting-switch";

type QuietHoursValue = NotificationSettings["quietHours"];

/** When quiet hours are first turned on. */
const DEFAULT_QUIET_HOURS = { start: "22:00", end: "07:00" };
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** One time of day; a time input reports a value only once it is whole, so drafts stay here. */
function TimeField({
  label,
  value,
  onSave,
}: {
  label: string;
  value: string;
  onSave: (time: string) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  // A save that failed (or one from another tab) puts the saved time back.
  useEffect(() => setDraft(value), [value]);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="time"
        className="w-36"
        value={draft}
        onChange={(event) => {
          const time = event.target.value;
          setDraft(time);
          if (HHMM.test(time) && time !== value) onSave(time);
        }}
      />
    </div>
  );
}

/** Quiet hours: off, or from a time to a time, read as UK time. */
export function QuietHours({
  value,
  onChange,
}: {
  value: QuietHoursValue;
  onChange: (next: QuietHoursValue) => void;
}) {
  return (
    <div className="grid gap-3">
      <SettingSwitch
        label="Quiet hours"
        description="Nothing is pushed between these times (UK time). A call in a slot you scheduled still comes through."
        checked={value !== null}
        onChange={(on) => onChange(on ? DEFAULT_QUIET_HOURS : null)}
      />
      {value ? (
        <div className="flex flex-wrap gap-4">
          <TimeField
            label="Quiet from"
            value={value.start}
            onSave={(start) => onChange({ ...value, start })}
          />
          <TimeField label="Quiet until" value={value.end} onSave={(end) => onChange({ ...value, end })} />
        </div>
      ) : null}
    </div>
  );
}
