import { TIMERS } from "@kindred/shared/constants";
import { useEffect, useRef, useState } from "react";
import { useController } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { EmojiPickerDialog } from "@/components/ui/emoji-picker-dialog";
import type { WizardValues } from "../../wizard-values";

/** SPEC §2 step 4: the picker opens by itself; choosing an emoji moves on after 0.5 s. */
export function AvatarStep({ onChosen }: { onChosen: () => void }) {
  const { field } = useController<WizardValues, "avatar">({ name: "avatar" });
  const [open, setOpen] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const choose = (emoji: string) => {
    field.onChange(emoji);
    setOpen(false);
    clearTimeout(timer.current);
    timer.current = setTimeout(onChosen, TIMERS.avatarAdvanceMs);
  };

  return (
    <div className="flex flex-col items-center gap-5 py-4">
      <div
        role="img"
        aria-label={field.value ? `Your avatar ${field.value}` : "No avatar chosen yet"}
        className="flex size-32 items-center justify-center rounded-full bg-gradient-to-br from-rose-100 to-violet-100 text-6xl shadow-inner ring-4 ring-white"
      >
        {field.value ?? "?"}
      </div>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {field.value ? "Change avatar" : "Choose avatar"}
      </Button>
      <EmojiPickerDialog open={open} onOpenChange={setOpen} value={field.value} onSelect={choose} />
    </div>
  );
}
