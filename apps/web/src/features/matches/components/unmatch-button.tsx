import { UNMATCH_UPGRADE_MESSAGE } from "@kindred/shared/match-schedule";
import { planOf } from "@kindred/shared/plans";
import { Crown, UserX } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { useUnmatchMutation } from "../api/unmatch";

/** SPEC §8 "Unmatch": the toast text for a failure that is not the upgrade case. */
function unmatchErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return error.body?.message || "You don't have permission to unmatch.";
    return "Failed to unmatch. Please try again later.";
  }
  return "An unexpected error occurred";
}

function UpgradeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <span className="mx-auto mb-2 flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br from-rose-500 to-violet-600 text-white shadow-md sm:mx-0">
            <Crown className="size-6" aria-hidden />
          </span>
          <DialogTitle>Upgrade Now</DialogTitle>
          <DialogDescription>{UNMATCH_UPGRADE_MESSAGE}</DialogDescription>
        </DialogHeader>
        <p className="text-sm text-stone-600">
          On any plan you can still end a match with 'Block and report' in the card's menu.
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Not now
          </Button>
          <Button asChild variant="gradient">
            <Link to="/profile?tab=subscription">Upgrade Now</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Unmatch with a confirmation. A plan without it (Free) hears so before any confirmation: the button
 * opens the upgrade dialog. The server still decides: a 403 requiresUpgrade opens the same dialog.
 */
export function UnmatchButton({ matchId, username }: { matchId: number; username: string }) {
  const { user } = useAuth();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const mutation = useUnmatchMutation({
    onSuccess: (result) => {
      if (result.ok) toast({ title: "Successfully unmatched" });
      else if (result.requiresUpgrade) setUpgradeOpen(true);
      else
        toast({
          title: "Error",
          description: result.message || "An unexpected error occurred",
          variant: "destructive",
        });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 403 && error.body?.requiresUpgrade) {
        setUpgradeOpen(true);
        return;
      }
      toast({ title: "Error", description: unmatchErrorText(error), variant: "destructive" });
    },
  });
  const confirm = () => mutation.mutate(matchId);
  const needsUpgrade = !!user && !planOf(user.profileType).canUnmatch;
  const trigger = (
    <Button
      variant="ghost"
      size="icon"
      className="size-9 text-stone-500 hover:bg-red-50 hover:text-red-600"
      aria-label={`Unmatch ${username}`}
      title="Unmatch"
      disabled={mutation.isPending}
      onClick={needsUpgrade ? () => setUpgradeOpen(true) : undefined}
    >
      <UserX aria-hidden />
    </Button>
  );

  if (needsUpgrade) {
    return (
      <>
        {trigger}
        <UpgradeDialog open={upgradeOpen} onOpenChange={setUpgradeOpen} />
      </>
    );
  }
  return (
    <>
      <AlertDialog>
        <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{`Unmatch ${username}?`}</AlertDialogTitle>
            <AlertDialogDescription>
              {`${username} will be removed from your matches and you won't be able to call or chat any more. This can't be undone.`}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={confirm}>
              Unmatch
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <UpgradeDialog open={upgradeOpen} onOpenChange={setUpgradeOpen} />
    </>
  );
}
