// The soak's HTTP client: node:http on keep-alive sockets rather than fetch. The clients share two
// cores with the server under test, and fetch spends about as much CPU per request as the server
// does; a timeout of our own also sidesteps Node 20 dropping AbortSignal.timeout inside
// AbortSignal.any after a garbage collection (requests then waited as long as the server took).
import http from "node:http";

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

export interface Answer {
  status: number;
  text: string;
  headers: http.IncomingHttpHeaders;
}

export class TimeoutError extends Error {
  override name = "TimeoutError";
}

/** One request; rejects on a network error (with its `code`), on timeout, or when `giveUp` aborts. */
export function request(
  url: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    timeoutMs: number;
    giveUp?: AbortSignal;
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? "GET", headers: opts.headers, agent });
    const timer = setTimeout(() => req.destroy(new TimeoutError("timed out")), opts.timeoutMs);
    const stop = () => req.destroy(new Error("gave up"));
    opts.giveUp?.addEventListener("abort", stop, { once: true });
    const done = () => {
      clearTimeout(timer);
      opts.giveUp?.removeEventListener("abort", stop);
    };
    req.on("error", (err) => {
      done();
      reject(err);
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", (err) => {
        done();
        reject(err);
      });
      res.on("end", () => {
        done();
        resolve({
          status: res.statusCode ?? 0,
          text: Buffer.concat(chunks).toString("utf8"),
          headers: res.headers,
        });
      });
    });
    if (opts.giveUp?.aborted) stop();
    req.end(opts.body);
  });
}

/** A failure's short name for the tallies: the socket error's code, or "timeout". */
export function failureKind(err: unknown): string {
  if (err instanceof TimeoutError) return "timeout";
  return (err as NodeJS.ErrnoException).code ?? (err as Error).name;
}
