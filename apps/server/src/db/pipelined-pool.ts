import pg from "pg";

/** One pipelined connection and the statements written on it that have not been answered. */
interface Lane {
  client: pg.Client;
  inFlight: number;
}

/**
 * A pg.Pool whose single statements go out at once on a few pipelined connections, instead of
 * waiting for a free one. A pooled connection is held until the event loop reads its answer, so
 * under load statements queued for the pool behind a busy loop (docs/capacity-model.md); on a
 * pipelined connection they are written as they come and answered in order. A transaction
 * (drizzle checks out a client with connect()) still gets a pooled connection of its own.
 */
export class PipelinedPool extends pg.Pool {
  readonly #lanes: (Lane | undefined)[];
  readonly #config: pg.ClientConfig;
  readonly #onError: (err: Error) => void;
  #ended = false;

  constructor(config: pg.PoolConfig, lanes: number, onError: (err: Error) => void) {
    super(config);
    this.#config = { ...config, pipeline: true } as pg.ClientConfig;
    this.#lanes = Array.from({ length: lanes }, () => undefined);
    this.#onError = onError;
  }

  // pg-pool's callback form is left as it is; drizzle and this app use the promise.
  // biome-ignore lint/suspicious/noExplicitAny: pg.Pool's query has a dozen overloads to match.
  override query(...args: any[]): any {
    if (typeof args.at(-1) === "function") return (super.query as (...a: unknown[]) => unknown)(...args);
    // As pg-pool does: a statement after end() would open a connection nobody closes.
    if (this.#ended) return Promise.reject(new Error("Cannot use a pool after calling end on the pool"));
    const lane = this.#lane();
    lane.inFlight += 1;
    return lane.client.query(args[0], args[1]).finally(() => {
      lane.inFlight -= 1;
    });
  }

  /** Statements written on the pipelined connections and not yet answered (the capacity bench reads it). */
  get pipelinedCount(): number {
    let count = 0;
    for (const lane of this.#lanes) count += lane?.inFlight ?? 0;
    return count;
  }

  override async end(): Promise<void> {
    this.#ended = true;
    const open = this.#lanes.filter((lane) => lane !== undefined);
    this.#lanes.fill(undefined);
    await Promise.all(open.map((lane) => lane.client.end().catch(() => {})));
    await super.end();
  }

  /** The least busy connection; an empty slot is opened rather than queue behind a busy one. */
  #lane(): Lane {
    let best: Lane | undefined;
    for (let i = 0; i < this.#lanes.length; i++) {
      const lane = this.#lanes[i];
      if (lane === undefined) {
        if (best === undefined || best.inFlight > 0) return this.#open(i);
        continue;
      }
      if (best === undefined || lane.inFlight < best.inFlight) best = lane;
    }
    return best as Lane;
  }

  /** Statements sent before the connection is up wait in the client; a failed one empties its slot. */
  #open(slot: number): Lane {
    const lane: Lane = { client: new pg.Client(this.#config), inFlight: 0 };
    const drop = () => {
      if (this.#lanes[slot] === lane) this.#lanes[slot] = undefined;
    };
    lane.client.on("error", (err) => {
      drop();
      this.#onError(err);
    });
    lane.client.on("end", drop);
    lane.client.connect().catch(drop);
    this.#lanes[slot] = lane;
    return lane;
  }
}
