import type { MissedCalls } from "@kindred/shared/call-journey";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { missedCallsKey } from "./get-missed-calls";

/** POST /api/calls/missed/seen: all of them (opening Matches), or one match's. */
export function useMarkMissedSeenMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (matchId?: number) =>
      apiJson<MissedCalls>("POST", "/api/calls/missed/seen", matchId === undefined ? {} : { matchId }),
    onSuccess: (list) => queryClient.setQueryData(missedCallsKey, list),
  });
}
