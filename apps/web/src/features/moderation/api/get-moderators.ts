import type { moderatorSchema } from "@kindred/shared/moderation";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";

export type Moderator = z.infer<typeof moderatorSchema>;

export const moderatorsQueryKey = ["/api/moderation/moderators"] as const;

/** GET /api/moderation/moderators (admins): everyone who moderates, admins included. */
export function useModeratorsQuery() {
  return useQuery<Moderator[], Error>({ queryKey: moderatorsQueryKey, refetchOnMount: "always" });
}
