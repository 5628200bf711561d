/** PostgreSQL's unique_violation, as raised by node-postgres and PGlite alike (possibly wrapped). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return true;
  }
  return false;
}
