import { MODERATION_ERRORS } from "@kindred/shared/moderation";
import { Link } from "react-router";
import { errorDetail } from "@/lib/api";
import { useStatementQuery } from "../api/get-statement";
import { AppealForm } from "./appeal-form";
import { StatementText } from "./statement-text";

const BAD_LINK = "That link is not valid. Please use the link in our email.";
const APPEALED =
  "We have your appeal. A moderator who did not make this decision will review it, and we will email you the outcome.";

/** /appeal?token=…: the decision behind a mailed (or sign-in's) link, and its one appeal. */
export function AppealPanel({ token }: { token: string }) {
  const statement = useStatementQuery(token);
  if (!token || statement.isError) {
    return (
      <p role="alert" className="text-stone-700">
        {token ? errorDetail(statement.error, BAD_LINK) : BAD_LINK}
      </p>
    );
  }
  if (!statement.data) return <p className="text-stone-500">Loading the decision…</p>;
  const s = statement.data;
  return (
    <div className="grid gap-5">
      <h2 className="font-semibold text-lg text-stone-900">{s.title}</h2>
      <StatementText statement={s} />
      {s.appealed ? (
        <p role="status" className="text-stone-900">
          {APPEALED}
        </p>
      ) : s.appealable ? (
        <AppealForm decisionId={s.decisionId} token={token} />
      ) : (
        <p className="text-stone-900">{MODERATION_ERRORS.appealNotOpen}</p>
      )}
      <p className="text-sm text-stone-600">
        <Link to="/auth" className="font-medium text-rose-700 underline underline-offset-4">
          Back to sign in
        </Link>
      </p>
    </div>
  );
}
