import type { AuditEntry } from "@kindred/shared/moderation";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { type AuditFilter, auditPath } from "../audit-filter";

/** GET /api/moderation/audit (admins): newest first. */
export function useAuditQuery(filter: AuditFilter) {
  const path = auditPath(filter);
  return useQuery<AuditEntry[], Error>({
    queryKey: ["/api/moderation/audit", path],
    queryFn: () => apiJson<AuditEntry[]>("GET", path),
    // The log grows with every decision: fresh each time the tab opens. The old rows stay while a
    // new filter loads, so the table does not blink at each keystroke.
    refetchOnMount: "always",
    placeholderData: keepPreviousData,
  });
}
