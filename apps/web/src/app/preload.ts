import type { FetchQueryOptions, QueryClient } from "@tanstack/react-query";
import { missedCallsKey } from "@/features/calls/api/get-missed-calls";
import { chatsQueryKey } from "@/features/chat/api/get-chats";
import { threadQueryOptions } from "@/features/chat/api/get-messages";
import { callAllowanceQueryKey } from "@/features/matches/api/get-call-allowance";
import { getQueryFn } from "@/lib/api";
import { mayBeSignedIn, userQueryKey } from "@/lib/auth";
import { matchesQueryKey, matchQueryKey } from "@/lib/matches";
import { signedInPages } from "./router";

/** What the header and the tab bar show on every signed-in page. */
const EVERY_PAGE: FetchQueryOptions[] = [{ queryKey: chatsQueryKey }, { queryKey: missedCallsKey }];

/** The data each signed-in page shows first, by its path: the pages' own query keys and functions. */
function pageData(pathname: string, queryClient: QueryClient): FetchQueryOptions[] {
  if (pathname === "/home" || pathname === "/matches")
    return [{ queryKey: matchesQueryKey }, { queryKey: callAllowanceQueryKey }];
  const conversation = /^\/conversation\/(\d+)$/.exec(pathname);
  if (!conversation) return [];
  const matchId = Number(conversation[1]);
  // The thread's own function, which keeps its cursor; only its data's type is narrower.
  const thread = threadQueryOptions(queryClient, matchId) as FetchQueryOptions;
  return [{ queryKey: matchQueryKey(matchId) }, thread];
}

/** The signed-in page at this path, by its entry in signedInPages (router.tsx), if it is one. */
export function signedInPageAt(
  pathname: string,
): (typeof signedInPages)[keyof typeof signedInPages] | undefined {
  const page = Object.entries(signedInPages).find(([path]) =>
    path.endsWith("/") ? pathname.startsWith(path) : pathname === path,
  );
  return page?.[1];
}

/** What a signed-in page at this path shows first, beside the session: also what the server renders it with. */
export function pageQueries(pathname: string, queryClient: QueryClient): FetchQueryOptions[] {
  return [...EVERY_PAGE, ...pageData(pathname, queryClient)];
}

/** GET /api/user: the session's user, or null without one. */
export const userQuery: FetchQueryOptions = {
  queryKey: userQueryKey,
  queryFn: getQueryFn({ on401: "returnNull" }),
};

/**
 * A signed-in page opened from the address bar asks for its code, the session and its data at once,
 * as the app starts: otherwise each waits for the one before (the session, then the page's code, then
 * what that code asks for), a round trip apiece. The pages find their queries answered or in flight.
 */
export function preloadSignedInPage(pathname: string, queryClient: QueryClient): void {
  if (!mayBeSignedIn()) return;
  const page = signedInPageAt(pathname);
  if (!page) return;
  void page().catch(() => undefined);
  const data = pageQueries(pathname, queryClient);
  for (const query of data) void queryClient.prefetchQuery(query);
  void queryClient
    .fetchQuery(userQuery)
    .then((user) => {
      // The hint outlived the session: the page is not shown, and its answers (401s) are dropped.
      if (user === null)
        for (const { queryKey } of data) queryClient.removeQueries({ queryKey, exact: true });
    })
    .catch(() => undefined);
}
