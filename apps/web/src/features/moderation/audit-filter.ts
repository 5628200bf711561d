import type { AuditAction } from "@kindred/shared/moderation";

/** The audit log's filters as the console holds them: "" for one not set. */
export interface AuditFilter {
  action: AuditAction | "";
  actor: string;
  subject: string;
}

/** The audit log's address with only the filters that are set (the server matches substrings). */
export function auditPath(filter: AuditFilter): string {
  const set = Object.entries(filter).filter(([, value]) => value.trim() !== "");
  const query = new URLSearchParams(set.map(([key, value]) => [key, value.trim()])).toString();
  return `/api/moderation/audit${query ? `?${query}` : ""}`;
}
