import type { Executor } from "./client.ts";

/**
 * A query that pages ask for all the time, built once per database (or transaction) and prepared: a
 * named statement on PostgreSQL, so neither drizzle nor PostgreSQL builds or plans its SQL per request.
 * Its values go in `sql.placeholder`s and reach the driver as given: dates as ISO strings, since a
 * placeholder skips the column's own conversion.
 */
export function prepared<Query>(build: (db: Executor) => Query): (db: Executor) => Query {
  const built = new WeakMap<Executor, Query>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
