import type { CallOutcome } from "@kindred/shared/call-journey";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

/** GET /api/calls/{id}/outcome: what an ended call was and what it changed (the server's records). */
export function useCallOutcomeQuery(callId: number | null) {
  return useQuery<CallOutcome, Error>({
    queryKey: ["/api/calls", callId, "outcome"],
    queryFn: () => apiJson<CallOutcome>("GET", `/api/calls/${callId}/outcome`),
    enabled: callId !== null,
  });
}
