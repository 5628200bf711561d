import { NotebookPen } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { NotesDialog } from "./notes-dialog";

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
  return (
    <NotesDialog
      matchId={matchId}
      username={username}
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="outline" size="sm" className={cn("h-9", className)}>
          <NotebookPen aria-hidden /> Notes
        </Button>
      }
    />
  );
}
