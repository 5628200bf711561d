import type { Match, ScheduleInput } from "@kindred/shared/matches";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { env } from "@/config/env";
import { apiJson } from "@/lib/api";
import { matchesQueryKey, matchQueryKey } from "@/lib/matches";

/** Proposes a slot (replacing any earlier one, by either person); the other person may accept it. */
export function scheduleCall({ matchId, input }: { matchId: number; input: ScheduleInput }): Promise<Match> {
  return apiJson<Match>("POST", `/api/matches/${matchId}/schedule`, input);
}

/** Accepts the other person's proposal of `at`, the slot as this screen showed it. */
export function acceptScheduledCall({ matchId, at }: { matchId: number; at: string }): Promise<Match> {
  return apiJson<Match>("POST", `/api/matches/${matchId}/schedule/accept`, { at });
}

export function cancelScheduledCall({ matchId }: { matchId: number }): Promise<Match> {
  return apiJson<Match>("DELETE", `/api/matches/${matchId}/schedule`);
}

/** The answer is the updated match: show it at once, then let the list settle from the server. */
function showUpdated(queryClient: QueryClient, updated: Match) {
  queryClient.setQueryData(matchesQueryKey, (list: Match[] | undefined) =>
    list?.map((m) => (m.id === updated.id ? updated : m)),
  );
  queryClient.setQueryData(matchQueryKey(updated.id), updated);
  return queryClient.invalidateQueries({ queryKey: matchesQueryKey, exact: true });
}

export function useScheduleCallMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: scheduleCall, onSuccess: (updated) => showUpdated(queryClient, updated) });
}

/** Accepting a proposal that changed meanwhile is refused: the match is fetched again either way. */
export function useAcceptScheduleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptScheduledCall,
    onSuccess: (updated) => showUpdated(queryClient, updated),
    onError: () => queryClient.invalidateQueries({ queryKey: matchesQueryKey }),
  });
}

export function useCancelScheduleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelScheduledCall,
    onSuccess: (updated) => showUpdated(queryClient, updated),
  });
}

/** The calendar invite of a scheduled call; the browser downloads it with the session cookie. */
export function inviteUrl(matchId: number): string {
  return `${env.apiBaseUrl}/api/matches/${matchId}/invite.ics`;
}
