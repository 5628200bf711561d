/** Whether a PostgreSQL error with this SQLSTATE, as raised by node-postgres and PGlite alike, is anywhere in the chain. */
function hasCode(err: unknown, code: string): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === code) return true;
  }
  return false;
}

/** unique_violation: a row with that key exists already. */
export const isUniqueViolation = (err: unknown) => hasCode(err, "23505");

/** foreign_key_violation: the row it points at is gone. */
export const isForeignKeyViolation = (err: unknown) => hasCode(err, "23503");
