import { useState } from "react";
import { errorDetail } from "@/lib/api";
import { useQueueQuery } from "../api/get-queue";
import { CaseCard } from "./case-card";
import type { Outcome } from "./decision-form";

/** The open cases, each with its decision; what became of the last one acted on, once it has gone. */
export function Queue() {
  const queue = useQueueQuery();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (queue.isError) {
    return <p role="alert">{errorDetail(queue.error, "The queue could not be loaded. Please reload.")}</p>;
  }
  if (!queue.data) return <p className="text-stone-500">Loading the queue…</p>;
  const cases = queue.data;
  // Said here only once the card has left: while it is listed, its own form says what happened.
  const gone = outcome && !cases.some((c) => c.user.id === outcome.userId) ? outcome : null;
  return (
    <div className="grid gap-4">
      <p role="status" className="text-emerald-700 text-sm empty:hidden">
        {gone && !gone.problem ? gone.text : ""}
      </p>
      <p role="alert" className="text-red-700 text-sm empty:hidden">
        {gone?.problem ? gone.text : ""}
      </p>
      {cases.length === 0 ? <p className="text-stone-600">No open reports. Nice and quiet.</p> : null}
      {cases.map((c) => (
        <CaseCard key={c.user.id} c={c} onOutcome={setOutcome} />
      ))}
    </div>
  );
}
