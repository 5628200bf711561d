import { Download, Trash2 } from "lucide-react";
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
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { errorDetail } from "@/lib/api";
import { useDeleteAccountMutation } from "../api/delete-account";

/** DECISIONS "Accounts": people can download their data and delete their account. */
export function AccountCard() {
  const deletion = useDeleteAccountMutation();
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
        <AlertDialog>
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
            {deletion.isError ? (
              <p role="alert" className="text-red-600 text-sm">
                {errorDetail(deletion.error, "Your account could not be deleted. Please try again.")}
              </p>
            ) : null}
            <AlertDialogFooter>
              <AlertDialogCancel>Keep my account</AlertDialogCancel>
              <AlertDialogAction
                variant="destructive"
                disabled={deletion.isPending}
                onClick={(event) => {
                  event.preventDefault();
                  deletion.mutate();
                }}
              >
                {deletion.isPending ? "Deleting..." : "Delete account"}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
