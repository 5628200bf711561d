import type {
  AuditAction,
  AuditEntry,
  Decision,
  DecisionInput,
  ModerationCase,
} from "@kindred/shared/moderation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

// The console's reads and writes (moderators; the audit log and the moderators list are the admins').

const queueKey = ["/api/moderation/queue"] as const;
const moderatorsKey = ["/api/moderation/moderators"] as const;

export interface Moderator {
  id: number;
  username: string;
  email: string;
  role: "member" | "moderator" | "admin";
}

export function useQueueQuery() {
  return useQuery<ModerationCase[], Error>({ queryKey: queueKey });
}

/** A decision; the queue is read again either way (a 409 means someone else decided it first). */
export function useDecideMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DecisionInput) => apiJson<Decision>("POST", "/api/moderation/decisions", input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queueKey }),
  });
}

export interface AuditFilter {
  action: AuditAction | "";
  actor: string;
  subject: string;
}

export function useAuditQuery(filter: AuditFilter) {
  const query = new URLSearchParams(
    Object.entries(filter).filter(([, value]) => value !== "") as [string, string][],
  ).toString();
  return useQuery<AuditEntry[], Error>({
    queryKey: ["/api/moderation/audit", filter],
    queryFn: () => apiJson<AuditEntry[]>("GET", `/api/moderation/audit${query ? `?${query}` : ""}`),
  });
}

export function useModeratorsQuery() {
  return useQuery<Moderator[], Error>({ queryKey: moderatorsKey });
}

export function useAddModeratorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => apiJson<Moderator>("POST", "/api/moderation/moderators", { email }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderatorsKey }),
  });
}

export function useRemoveModeratorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<{ ok: true }>("DELETE", `/api/moderation/moderators/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderatorsKey }),
  });
}
