import type { CallAllowance } from "@kindred/shared/calls";
import { useQuery } from "@tanstack/react-query";

/** GET /api/calls/allowance: calls I may still start today. The call page re-reads it after a call. */
export const callAllowanceQueryKey = ["/api/calls/allowance"] as const;

export function useCallAllowanceQuery() {
  return useQuery<CallAllowance, Error>({ queryKey: callAllowanceQueryKey, staleTime: 15_000 });
}
