import type { MessagePage } from "@kindred/shared/chat";
import { MESSAGE_PAGE_MAX, TIMERS } from "@kindred/shared/constants";
import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { mergeThread, readPagesAfter, type Thread, threadKey } from "../thread";

/** GET /api/matches/{id}/messages?after={seq}&limit={n}: oldest to newest, after the cursor. */
export function getMessages(matchId: number, after: number, limit = MESSAGE_PAGE_MAX): Promise<MessagePage> {
  return apiJson<MessagePage>("GET", `/api/matches/${matchId}/messages?after=${after}&limit=${limit}`);
}

/**
 * The conversation's messages. Each fetch asks only for what follows the thread's cursor and merges it
 * into the thread as it is now (a push may have landed meanwhile). Also what app/preload.ts asks for
 * as the app starts on a conversation.
 */
export function threadQueryOptions(queryClient: QueryClient, matchId: number) {
  const key = threadKey(matchId);
  return queryOptions<Thread, Error>({
    queryKey: key,
    queryFn: async () => {
      const from = queryClient.getQueryData<Thread>(key)?.fetchedUpTo ?? 0;
      const read = await readPagesAfter((after) => getMessages(matchId, after), from);
      return mergeThread(queryClient.getQueryData<Thread>(key), read.messages, read);
    },
  });
}

/**
 * Polled every 5 s (SPEC §9) whatever the socket does: an empty page costs little, and a push lost in
 * transit is then at most 5 s late.
 */
export function useThreadQuery(matchId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery<Thread, Error>({
    ...threadQueryOptions(queryClient, matchId),
    enabled,
    refetchInterval: TIMERS.pollMs,
    refetchOnMount: "always",
  });
}
