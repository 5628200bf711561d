import { apiJson } from "@/lib/api";

/** POST /api/matches/{id}/read: my read position moves up to `upToSeq` (never back). */
export function markRead(matchId: number, upToSeq: number): Promise<{ readUpTo: number }> {
  return apiJson<{ readUpTo: number }>("POST", `/api/matches/${matchId}/read`, { upToSeq });
}
