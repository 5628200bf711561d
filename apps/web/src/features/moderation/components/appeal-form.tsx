import { APPEAL_MAX_CHARS } from "@kindred/shared/moderation";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { errorDetail } from "@/lib/api";
import { useAppealMutation } from "../api/send-appeal";

export const APPEAL_SENT =
  "Thank you. A moderator who did not make this decision will review your appeal, and we will email you the outcome.";

/** The one appeal a decision allows: why it is wrong, in their words. */
export function AppealForm({ decisionId, token }: { decisionId: number; token?: string }) {
  const id = useId();
  const [text, setText] = useState("");
  const appeal = useAppealMutation();
  if (appeal.isSuccess) {
    return (
      <p role="status" className="text-stone-900">
        {APPEAL_SENT}
      </p>
    );
  }
  const problem = appeal.isError
    ? errorDetail(appeal.error, "Your appeal could not be sent. Please try again.")
    : "";
  return (
    <form
      className="grid gap-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        appeal.mutate({ decisionId, text, token });
      }}
    >
      <Label htmlFor={`${id}-text`}>Why do you think this decision is wrong?</Label>
      <Textarea
        id={`${id}-text`}
        rows={5}
        maxLength={APPEAL_MAX_CHARS}
        value={text}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <p id={`${id}-problem`} role="alert" className="text-red-600 text-sm empty:hidden">
        {problem}
      </p>
      <Button type="submit" variant="gradient" disabled={appeal.isPending}>
        {appeal.isPending ? "Sending…" : "Send appeal"}
      </Button>
    </form>
  );
}
