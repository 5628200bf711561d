import pg from "pg";

/** The checked-out clients, each with the release that hands it back once. */
const holders = new WeakMap<pg.PoolClient, (err: Error) => void>();

/**
 * Guards a pg.Pool: a checked-out client goes back, and is dropped, as soon as its connection fails,
 * whoever holds it. drizzle-orm's node-postgres transaction() runs BEGIN outside the try/finally that
 * releases its client, so a BEGIN on a dead connection kept the client for good (drizzle-team/
 * drizzle-orm#6241), and it releases without the error, so a client that query_timeout left
 * mid-statement went back as healthy (#6114). A failure that is not the server's answer (a
 * DatabaseError) now releases with the error; the holder's own release() after that does nothing.
 */
export function guardPool<P extends pg.Pool>(pool: P, onError: (err: Error) => void): P {
  // Without a listener an idle client's error would crash the process; the pool replaces the client.
  pool.on("error", onError);
  pool.on("connect", (client) => {
    client.on("error", (err) => {
      onError(err);
      holders.get(client)?.(err);
    });
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise)
        result.catch((err) => {
          if (!(err instanceof pg.DatabaseError)) holders.get(client)?.(err);
        });
      return result;
    }) as typeof client.query;
  });
  // pg-pool's own query() checks out with a callback and releases with the error itself.
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: unknown) =>
    callback ? connect(callback) : connect()?.then(guarded)) as typeof pool.connect;
  return pool;
}

function guarded(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const once = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    holders.delete(client);
    release(err);
  };
  client.release = once;
  holders.set(client, once);
  return client;
}
