import { AlertTriangle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { errorDetail } from "@/lib/api";

/** SPEC §8: the match list failure reads 'Failed to fetch matches'. */
export function MatchesError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-3xl border border-red-200 bg-red-50 px-6 py-10 text-center"
    >
      <AlertTriangle className="size-7 text-red-600" aria-hidden />
      <h2 className="font-semibold text-red-900">Failed to fetch matches</h2>
      <p className="text-red-800 text-sm">{errorDetail(error, "An unexpected error occurred")}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
