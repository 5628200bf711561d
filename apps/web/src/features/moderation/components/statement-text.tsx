import type { Statement } from "@kindred/shared/moderation";

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short" });

/** A statement of reasons as its person reads it: the decision in words, when, and how it was made. */
export function StatementText({ statement }: { statement: Statement }) {
  return (
    <div className="grid gap-2 text-stone-700">
      <p>{statement.text}</p>
      <p className="text-sm text-stone-500">
        {`${statement.automatic ? "Decided automatically" : "Decided by a moderator"} on ${dateTime.format(new Date(statement.decidedAt))}.`}
      </p>
    </div>
  );
}
