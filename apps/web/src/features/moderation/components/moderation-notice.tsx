import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { errorDetail } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { useAcknowledgeMutation } from "../api/acknowledge-notice";
import { AppealForm } from "./appeal-form";
import { StatementText } from "./statement-text";

/**
 * A decision about the signed-in person they have not yet acknowledged (a warning, the automatic hide,
 * a reversal): on every page, and it closes only with 'I understand'.
 */
export function ModerationNotice() {
  const { user } = useAuth();
  const acknowledge = useAcknowledgeMutation();
  const notice = user?.moderationNotice;
  if (!notice) return null;
  return (
    <AlertDialog open>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{notice.title}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div>
              <StatementText statement={notice} />
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        {notice.appealable && !notice.appealed ? (
          <AppealForm key={notice.decisionId} decisionId={notice.decisionId} />
        ) : null}
        <p role="alert" className="text-red-600 text-sm empty:hidden">
          {acknowledge.isError ? errorDetail(acknowledge.error, "Please try again.") : ""}
        </p>
        <AlertDialogFooter>
          <Button disabled={acknowledge.isPending} onClick={() => acknowledge.mutate(notice.decisionId)}>
            I understand
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
