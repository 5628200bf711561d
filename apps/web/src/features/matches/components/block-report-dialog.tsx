import { zodResolver } from "@hookform/resolvers/zod";
import { type BlockInput, blockSchema, REPORT_REASONS } from "@kindred/shared/matches";
import { INCLUDE_MESSAGES_LABEL } from "@kindred/shared/moderation";
import { ShieldAlert } from "lucide-react";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { errorDetail } from "@/lib/api";
import { useBlockMatchMutation } from "../api/block-match";

type BlockForm = z.input<typeof blockSchema>;

/** DECISIONS "Safety": block and report is open to every plan; it ends the match for good. */
export function BlockReportDialog({
  matchId,
  username,
  open,
  onOpenChange,
}: {
  matchId: number;
  username: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const mutation = useBlockMatchMutation({
    onSuccess: () => {
      onOpenChange(false);
      toast({
        title: `${username} has been blocked`,
        description: "Thank you for your report. Our team will review it, and you won't be matched again.",
      });
    },
  });
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BlockForm, unknown, BlockInput>({
    resolver: zodResolver(blockSchema),
    defaultValues: { details: "", includeMessages: false },
  });

  // A refusal (429: too many reports this hour) is not still showing when the dialog opens again.
  const setOpen = (next: boolean) => {
    if (!next) mutation.reset();
    onOpenChange(next);
  };

  const onSubmit = handleSubmit((input) =>
    mutation.mutate({ matchId, input: { ...input, details: input.details || undefined } }),
  );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent>
        <form className="grid gap-5" noValidate onSubmit={onSubmit}>
          <DialogHeader>
            <DialogTitle className="flex items-center gap-2">
              <ShieldAlert className="size-5 text-red-600" aria-hidden />
              {`Block and report ${username}`}
            </DialogTitle>
            <DialogDescription>
              {`This ends your match with ${username} and you will never be matched again. ${username} is not told who reported them.`}
            </DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-3">
            <legend className="mb-3 font-medium text-sm text-stone-800">What happened?</legend>
            <Controller
              control={control}
              name="reason"
              render={({ field }) => (
                <RadioGroup
                  value={field.value ?? ""}
                  onValueChange={field.onChange}
                  aria-invalid={errors.reason ? true : undefined}
                  aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
                >
                  {REPORT_REASONS.map((reason, index) => (
                    <div key={reason} className="flex items-center gap-3">
                      <RadioGroupItem id={`${id}-reason-${index}`} value={reason} />
                      <Label htmlFor={`${id}-reason-${index}`} className="font-normal leading-snug">
                        {reason}
                      </Label>
                    </div>
                  ))}
                </RadioGroup>
              )}
            />
            {errors.reason ? (
              <p id={`${id}-reason-error`} className="text-red-600 text-sm">
                {errors.reason.message}
              </p>
            ) : null}
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-details`}>Details (optional)</Label>
            <Textarea
              id={`${id}-details`}
              placeholder="Anything that helps us understand what happened"
              maxLength={1000}
              aria-invalid={errors.details ? true : undefined}
              {...register("details")}
            />
            {errors.details ? <p className="text-red-600 text-sm">{errors.details.message}</p> : null}
          </div>
          <div className="flex items-start gap-3">
            <input
              id={`${id}-messages`}
              type="checkbox"
              className="mt-0.5 size-4 accent-rose-600"
              aria-describedby={`${id}-messages-hint`}
              {...register("includeMessages")}
            />
            <div className="grid gap-1">
              <Label htmlFor={`${id}-messages`} className="font-normal leading-snug">
                {INCLUDE_MESSAGES_LABEL}
              </Label>
              <p id={`${id}-messages-hint`} className="text-stone-500 text-xs">
                Only our moderators see them. Without this, your messages stay private.
              </p>
            </div>
          </div>
          {/* In the dialog rather than a toast: the form stays as it was, to send again later. */}
          <p role="alert" className="text-red-600 text-sm empty:hidden">
            {mutation.isError
              ? errorDetail(mutation.error, "Could not block and report. Please try again.")
              : ""}
          </p>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={mutation.isPending}>
              {mutation.isPending ? "Blocking..." : "Block and report"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
