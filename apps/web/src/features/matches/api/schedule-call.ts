import type { Match, ScheduleInput } from "@kindred/shared/matches";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { env } from "@/config/env";
import { apiJson } from "@/lib/api";
import { matchesQueryKey, matchQueryKey } from "@/lib/matches";

export function scheduleCall({ matchId, input }: { matchId: number; input: ScheduleInput }): Promise<Match> {
  return apiJson<Match>("POST", `/api/matches/${matchId}/schedule`, input);
}

export function useScheduleCallMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleCall,
    onSuccess: (updated) => {
      // The answer is the updated match: show it at once, then let the list settle from the server.
      queryClient.setQueryData(matchesQueryKey, (list: Match[] | undefined) =>
        list?.map((m) => (m.id === updated.id ? updated : m)),
      );
      queryClient.setQueryData(matchQueryKey(updated.id), updated);
      return queryClient.invalidateQueries({ queryKey: matchesQueryKey, exact: true });
    },
  });
}

/** The calendar invite of a scheduled call; the browser downloads it with the session cookie. */
export function inviteUrl(matchId: number): string {
  return `${env.apiBaseUrl}/api/matches/${matchId}/invite.ics`;
}
