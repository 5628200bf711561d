import { DELETE_CONFIRMATION } from "@kindred/shared/account";
import { Download, Trash2 } from "lucide-react";
import { useState } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { PasswordField } from "@/components/ui/password-field";
import { errorDetail } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { useDeleteAccountMutation } from "../api/delete-account";

/** DECISIONS "Accounts": people can download their data and delete their account. */
export function AccountCard() {
  const deletion = useDeleteAccountMutation();
  const { user } = useAuth();
  // A Google-only account has no password to give: it types the confirmation instead.
  const withPassword = !user?.googleOnly;
  const [answer, setAnswer] = useState("");
  const ready = withPassword ? answer.length > 0 : answer.trim() === DELETE_CONFIRMATION;
  return (
    <Card role="region" aria-label="Your account">
      <CardHeader>
        <CardTitle level={2}>Your account</CardTitle>
        <CardDescription>
          Download everything we hold about you, or delete your account for good.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button variant="outline" asChild>
          <a href="/api/user/export" download>
            <Download /> Download my data
          </a>
        </Button>
        <AlertDialog
          onOpenChange={(open) => {
            if (!open) setAnswer("");
          }}
        >
          <AlertDialogTrigger asChild>
            <Button variant="destructive">
              <Trash2 /> Delete account
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Delete your account?</AlertDialogTitle>
              <AlertDialogDescription>
                Your profile, matches, messages, calls and notes will be removed, and your matches will end.
                This cannot be undone.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <form
              id="delete-account-form"
              onSubmit={(event) => {
                event.preventDefault();
                if (ready) deletion.mutate(withPassword ? { password: answer } : { confirm: answer });
              }}
            >
              {withPassword ? (
                <PasswordField
                  id="delete-account-password"
                  label="Your password"
                  autoComplete="current-password"
                  value={answer}
                  onChange={(event) => setAnswer(event.target.value)}
                />
              ) : (
                <FormField
                  id="delete-account-confirm"
                  label={`Type ${DELETE_CONFIRMATION} to confirm`}
                  autoComplete="off"
                  value={answer}
                  onChange={(event) => setAnswer(event.target.value)}
                />
              )}
            </form>
            {deletion.isError ? (
              <p role="alert" className="text-red-600 text-sm">
                {errorDetail(deletion.error, "Your account could not be deleted. Please try again.")}
              </p>
            ) : null}
            <AlertDialogFooter>
              <AlertDialogCancel>Keep my account</AlertDialogCancel>
              {/* A plain button: AlertDialogAction would close the dialog before the server answers. */}
              <Button
                variant="destructive"
                type="submit"
                form="delete-account-form"
                disabled={deletion.isPending || !ready}
              >
                {deletion.isPending ? "Deleting..." : "Delete account"}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
