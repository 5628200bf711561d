import type { PublicUser } from "@kindred/shared/user";
import { useQuery } from "@tanstack/react-query";

/** GET /api/users/{id}: another member's public profile (404 unless you are matched). */
export function usePublicUserQuery(userId: number) {
  return useQuery<PublicUser, Error>({
    queryKey: ["/api/users", userId],
    enabled: Number.isInteger(userId) && userId > 0,
  });
}
