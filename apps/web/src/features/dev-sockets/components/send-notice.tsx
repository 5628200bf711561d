import { AlertCircle } from "lucide-react";

/** Why the last message was not sent. Always in the DOM, so screen readers announce each new reason. */
export function SendNotice({ notice }: { notice: string | null }) {
  return (
    <div role="alert">
      {notice ? (
        <p className="flex items-center gap-2 rounded-lg bg-red-50 px-3 py-2 text-red-800 text-sm">
          <AlertCircle className="size-4 shrink-0" aria-hidden />
          {notice}
        </p>
      ) : null}
    </div>
  );
}
