import type { Connection } from "./connection.ts";

/** Checks per interval: each takes a tenth of the sockets, so no one pass holds the event loop. */
const SLICES = 10;

/**
 * Every socket is checked once an interval, a slice at a time (pinging 2,000 at once held the event
 * loop ~250 ms). A socket heard from since its last check (a frame, or the pong to a ping) is alive
 * and needs no ping; a silent one is pinged; one still silent a check after its ping is ended, for a
 * dropped network sends no close. Returns the stop.
 */
export function startLiveness(connections: () => Iterable<Connection>, intervalMs: number): () => void {
  let round: Connection[] = [];
  let slice = 0;
  const timer = setInterval(
    () => {
      if (slice === 0) round = [...connections()];
      const from = Math.floor((slice * round.length) / SLICES);
      const to = Math.floor(((slice + 1) * round.length) / SLICES);
      for (let i = from; i < to; i += 1) check(round[i] as Connection);
      slice = (slice + 1) % SLICES;
    },
    Math.max(1, Math.floor(intervalMs / SLICES)),
  );
  timer.unref();
  return () => clearInterval(timer);
}

function check(conn: Connection) {
  if (conn.socket.readyState !== conn.socket.OPEN) return;
  if (conn.heard) {
    conn.heard = false;
    conn.pinged = false;
  } else if (conn.pinged) {
    conn.socket.terminate();
  } else {
    conn.pinged = true;
    conn.socket.ping();
  }
}
