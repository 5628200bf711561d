import { AVATAR_EMOJIS } from "@kindred/shared/options";
import { cn } from "@/lib/cn";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "./dialog";

interface EmojiPickerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The emoji chosen now, highlighted in the grid. */
  value: string | null | undefined;
  onSelect: (emoji: (typeof AVATAR_EMOJIS)[number]) => void;
  title?: string;
  description?: string;
}

/** The 40 avatar emojis of SPEC §3 in a dialog. */
export function EmojiPickerDialog({
  open,
  onOpenChange,
  value,
  onSelect,
  title = "Choose your avatar",
  description = "Until your photos are revealed, matches see this emoji instead of your face.",
}: EmojiPickerDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <fieldset aria-label="Avatar emojis" className="grid grid-cols-5 gap-2 sm:grid-cols-8">
          {AVATAR_EMOJIS.map((emoji) => {
            const chosen = emoji === value;
            return (
              <button
                key={emoji}
                type="button"
                aria-pressed={chosen}
                onClick={() => onSelect(emoji)}
                className={cn(
                  "flex aspect-square items-center justify-center rounded-xl text-2xl transition hover:scale-110 hover:bg-rose-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-400",
                  chosen && "bg-rose-100 ring-2 ring-rose-500",
                )}
              >
                {emoji}
              </button>
            );
          })}
        </fieldset>
      </DialogContent>
    </Dialog>
  );
}
