import { scheduleRefreshDelayMs } from "@kindred/shared/match-schedule";
import type { ScheduledCall } from "@kindred/shared/matches";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { matchesQueryKey } from "@/lib/matches";

/**
 * 'Join call' appears and goes by the server's clock: the match is fetched again just after the moment
 * the server said it would change (and a passed slot is then gone).
 */
export function useScheduleRefresh(schedule: ScheduledCall | null) {
  const queryClient = useQueryClient();
  const delay = schedule ? scheduleRefreshDelayMs(schedule) : null;
  useEffect(() => {
    if (delay === null) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: matchesQueryKey }), delay);
    return () => clearTimeout(timer);
  }, [delay, queryClient]);
}
