import type { Match } from "@kindred/shared/matches";
import { CalendarPlus, Download, EllipsisVertical, ShieldAlert } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { inviteUrl } from "../api/schedule-call";
import { LazyBlockReportDialog, LazyScheduleCallDialog } from "./lazy-dialogs";

/** The card's "more" menu: scheduling, the calendar invite, and block and report. */
export function MatchCardMenu({ match }: { match: Match }) {
  const [dialog, setDialog] = useState<"schedule" | "block" | null>(null);
  const { username } = match.otherUser;
  const setOpen = (which: "schedule" | "block") => (open: boolean) => setDialog(open ? which : null);

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="size-9 text-stone-500 hover:text-stone-700"
            aria-label={`More options for ${username}`}
          >
            <EllipsisVertical aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          <DropdownMenuItem onSelect={() => setDialog("schedule")}>
            <CalendarPlus aria-hidden /> Schedule a call
          </DropdownMenuItem>
          {match.callScheduled ? (
            <DropdownMenuItem asChild>
              <a href={inviteUrl(match.id)} download={`kindred-call-${match.id}.ics`}>
                <Download aria-hidden /> Download invite (.ics)
              </a>
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuSeparator />
          <DropdownMenuItem
            onSelect={() => setDialog("block")}
            className="text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800 [&_svg]:text-red-600"
          >
            <ShieldAlert aria-hidden /> Block and report
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <LazyScheduleCallDialog
        matchId={match.id}
        username={username}
        open={dialog === "schedule"}
        onOpenChange={setOpen("schedule")}
      />
      <LazyBlockReportDialog
        matchId={match.id}
        username={username}
        open={dialog === "block"}
        onOpenChange={setOpen("block")}
      />
    </>
  );
}
