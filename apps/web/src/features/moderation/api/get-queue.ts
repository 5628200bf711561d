import type { ModerationCase } from "@kindred/shared/moderation";
import { useQuery } from "@tanstack/react-query";

export const queueQueryKey = ["/api/moderation/queue"] as const;

/** GET /api/moderation/queue: open cases, priority first (moderators and admins). */
export function useQueueQuery() {
  // Others decide too: read it afresh whenever the console opens rather than trust an old copy.
  return useQuery<ModerationCase[], Error>({ queryKey: queueQueryKey, refetchOnMount: "always" });
}
