import { AVATAR_EMOJI_NAMES, AVATAR_EMOJIS } from "@kindred/shared/options";
import { type KeyboardEvent, useRef, useState } from "react";
import { cn } from "@/lib/cn";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "./dialog";

type Emoji = (typeof AVATAR_EMOJIS)[number];

interface EmojiPickerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The emoji chosen now, highlighted in the grid. */
  value: string | null | undefined;
  onSelect: (emoji: Emoji) => void;
  title?: string;
  description?: string;
}

const COLUMNS = 5;
const ROWS = Array.from({ length: Math.ceil(AVATAR_EMOJIS.length / COLUMNS) }, (_, r) =>
  AVATAR_EMOJIS.slice(r * COLUMNS, (r + 1) * COLUMNS),
);

/** Where a key moves focus from `i` in the grid (ARIA grid pattern); undefined for other keys. */
export function moveInGrid(i: number, key: string, ctrl: boolean): number | undefined {
  const last = AVATAR_EMOJIS.length - 1;
  const rowStart = i - (i % COLUMNS);
  const step: Record<string, number> = {
    ArrowRight: i + 1,
    ArrowLeft: i - 1,
    ArrowDown: i + COLUMNS,
    ArrowUp: i - COLUMNS,
    Home: ctrl ? 0 : rowStart,
    End: ctrl ? last : Math.min(rowStart + COLUMNS - 1, last),
  };
  const next = step[key];
  return next === undefined ? undefined : Math.max(0, Math.min(last, next));
}

/** The 40 avatar emojis of SPEC §3 in a dialog: a grid, one tab stop, arrow keys to move, each named. */
export function EmojiPickerDialog({
  open,
  onOpenChange,
  value,
  onSelect,
  title = "Choose your avatar",
  description = "Until your photos are revealed, matches see this emoji instead of your face.",
}: EmojiPickerDialogProps) {
  const [focused, setFocused] = useState(() => Math.max(0, AVATAR_EMOJIS.indexOf(value as Emoji)));
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent) => {
    const next = moveInGrid(focused, event.key, event.ctrlKey || event.metaKey);
    if (next === undefined) return;
    event.preventDefault();
    setFocused(next);
    buttons.current[next]?.focus();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {/* biome-ignore lint/a11y/useSemanticElements: an ARIA grid has no HTML element of its own */}
        <div role="grid" aria-label="Avatar emojis" onKeyDown={onKeyDown} className="grid gap-2">
          {ROWS.map((row, r) => (
            // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useSemanticElements: a row of the ARIA grid; its buttons take focus
            <div role="row" key={row.join("")} className="grid grid-cols-5 gap-2">
              {row.map((emoji, c) => {
                const i = r * COLUMNS + c;
                const chosen = emoji === value;
                return (
                  // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useSemanticElements: a cell of the ARIA grid; its button takes focus
                  <div role="gridcell" key={emoji}>
                    <button
                      ref={(el) => {
                        buttons.current[i] = el;
                      }}
                      type="button"
                      tabIndex={i === focused ? 0 : -1}
                      aria-label={AVATAR_EMOJI_NAMES[emoji]}
                      aria-pressed={chosen}
                      onFocus={() => setFocused(i)}
                      onClick={() => onSelect(emoji)}
                      className={cn(
                        "flex aspect-square w-full items-center justify-center rounded-xl text-2xl transition hover:scale-110 hover:bg-rose-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-400",
                        chosen && "bg-rose-100 ring-2 ring-rose-500",
                      )}
                    >
                      <span aria-hidden>{emoji}</span>
                    </button>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
