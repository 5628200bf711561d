import { NotebookPen } from "lucide-react";
import { lazy, useState } from "react";
import { OnceOpened } from "@/components/once-opened";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";

// The dialog and its form load when first opened: a match card shows the button on every visit.
const NotesDialog = lazy(() => import("./notes-dialog").then((m) => ({ default: m.NotesDialog })));

/**
 * 'Notes' with its word always visible, opening the private Notes dialog: for the match card and the
 * call page, where notes are kept from the first call on (issue 27 §6), chat unlocked or not.
 */
export function NotesButton({
  matchId,
  username,
  className,
  open,
  onOpenChange,
}: {
  matchId: number;
  username: string;
  className?: string;
  /** Controlled open state, for a page that acts on it (the call page holds its redirect). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className={cn("h-9", className)}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => setOpen(true)}
      >
        <NotebookPen aria-hidden /> Notes
      </Button>
      <OnceOpened open={isOpen}>
        <NotesDialog
          matchId={matchId}
          username={username}
          open={isOpen}
          onOpenChange={setOpen}
          trigger={null}
        />
      </OnceOpened>
    </>
  );
}
