import type { Statement } from "@kindred/shared/moderation";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export function getStatement(token: string): Promise<Statement> {
  return apiJson<Statement>("GET", `/api/moderation/statement?token=${encodeURIComponent(token)}`);
}

/** GET /api/moderation/statement?token=…: the decision an appeal link is about (no session needed). */
export function useStatementQuery(token: string) {
  return useQuery<Statement, Error>({
    queryKey: ["/api/moderation/statement", token],
    queryFn: () => getStatement(token),
    enabled: token !== "",
  });
}
