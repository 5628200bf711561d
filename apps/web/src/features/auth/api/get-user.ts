import type { SelfUser } from "@kindred/shared/user";
import { useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api";

export const userQueryKey = ["/api/user"] as const;

/** GET /api/user: the signed-in user, or null when the session is missing (401). */
export function useUserQuery() {
  return useQuery<SelfUser | null, Error>({
    queryKey: userQueryKey,
    queryFn: getQueryFn<SelfUser>({ on401: "returnNull" }),
  });
}
