// npm run bench:flood [-- --sockets 100 --sessions 10 --rate 45 --seconds 10 --drain-timeout 120 --rounds 1]
// The audit's flood (issue 25 §3): one person opens many /rtc sockets, each sending `call:status` (a
// database read) just under the per-socket limit, while another member uses the site: their
// GET /api/matches latency (20 a second, open loop) and the round trip of a ping on their own /ws
// socket, without and then during the flood; and how long the server stays busy once the flooder
// stops. The baseline is the same member on the same server just before the flood ("calm"); each
// round is a fresh server in a child process. Only figures from one run compare: the machine is shared.
import { type ChildProcess, fork } from "node:child_process";
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import WebSocket from "ws";
import type { FloodCommands, FloodSetup } from "./bench-flood-child.ts";
import { appTarget, closeAll, openSocket } from "./bench-sockets-clients.ts";

const CHILD = fileURLToPath(new URL("./bench-flood-child.ts", import.meta.url));
/** The member's request and ping rates, a second. */
const GET_RATE = 20;
const PING_RATE = 10;
/** The server counts as quiet again below this busy share. */
const QUIET = 0.05;
const P99_TARGET_MS = 50;

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

/** The flood server in a child, and calls into it over IPC. */
class Server {
  private next = 0;
  private pending = new Map<number, (reply: { result?: unknown; error?: string }) => void>();
  private readonly child: ChildProcess;

  constructor() {
    this.child = fork(CHILD, [], {
      execArgv: [
        ...process.execArgv,
        ...(process.env.FLOOD_PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/h2/prof"] : []),
      ],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    this.child.on("message", (reply: { id: number; result?: unknown; error?: string }) => {
      this.pending.get(reply.id)?.(reply);
      this.pending.delete(reply.id);
    });
  }

  call<K extends keyof FloodCommands>(
    cmd: K,
    ...arg: Parameters<FloodCommands[K]>
  ): Promise<Awaited<ReturnType<FloodCommands[K]>>> {
    this.next += 1;
    const id = this.next;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (reply) =>
        reply.error === undefined
          ? resolve(reply.result as Awaited<ReturnType<FloodCommands[K]>>)
          : reject(new Error(reply.error)),
      );
      this.child.send({ id, cmd, arg: arg[0] });
    });
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 10_000);
    await this.call("stop").catch(() => undefined);
    await exited;
    clearTimeout(timer);
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

interface Probe {
  get: number[];
  ping: number[];
  /** Requests that did not answer 200 (load shedding's 503s), and pings never answered. */
  failed: number;
  /** Why they failed: status codes or errors, and how many of each. */
  why: Record<string, number>;
  lost: number;
}

/** The member, for `seconds`: GETs and pings at fixed rates (open loop: a slow answer sends no fewer). */
async function probe(setup: FloodSetup, member: WebSocket, seconds: number): Promise<Probe> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const out: Probe = { get: [], ping: [], failed: 0, why: {}, lost: 0 };
  const fail = (why: string) => {
    out.failed += 1;
    out.why[why] = (out.why[why] ?? 0) + 1;
  };
  const pings = new Map<number, number>();
  const onPong = (raw: WebSocket.RawData) => {
    const frame = JSON.parse(raw.toString()) as { type?: string; timestamp?: number };
    const sent = frame.type === "pong" ? pings.get(Number(frame.timestamp)) : undefined;
    if (sent === undefined) return;
    out.ping.push(performance.now() - sent);
    pings.delete(Number(frame.timestamp));
  };
  member.on("message", onPong);
  const requests: Promise<void>[] = [];
  const started = performance.now();
  let gets = 0;
  let sentPings = 0;
  while (performance.now() - started < seconds * 1000) {
    const elapsed = (performance.now() - started) / 1000;
    for (; gets < Math.floor(elapsed * GET_RATE) + 1; gets += 1) {
      const at = performance.now();
      requests.push(
        new Promise((resolve) => {
          http
            .get(`${setup.url}/api/matches`, { agent, headers: { cookie: setup.memberCookie } }, (res) => {
              res.resume();
              res.on("end", () => {
                if (res.statusCode === 200) out.get.push(performance.now() - at);
                else fail(String(res.statusCode));
                resolve();
              });
            })
            .on("error", (err) => {
              fail(err.message);
              resolve();
            });
        }),
      );
    }
    for (; sentPings < Math.floor(elapsed * PING_RATE) + 1; sentPings += 1) {
      pings.set(sentPings, performance.now());
      member.send(JSON.stringify({ type: "ping", timestamp: sentPings }));
    }
    await sleep(2);
  }
  await Promise.all(requests);
  // A ping still unanswered a few seconds on is lost to the backlog, as far as the member can tell.
  for (let i = 0; i < 50 && pings.size > 0; i++) await sleep(100);
  out.lost = pings.size;
  member.off("message", onPong);
  agent.destroy();
  return out;
}

interface Flood {
  opened: number;
  refused: number;
  sent: number;
  answered: number;
  shedNotices: number;
  closedByServer: number;
  /** The codes the server closed flooding sockets with, and how many of each. */
  closeCodes: Record<number, number>;
  stop(): void;
  sockets: WebSocket[];
  /** Seconds from the first frame to the stop. */
  seconds: number;
}

/** Opens `count` /rtc sockets over the flooder's sign-ins, each sending `rate` call:status a second. */
async function startFlood(setup: FloodSetup, count: number, rate: number): Promise<Flood> {
  const flood: Flood = {
    opened: 0,
    refused: 0,
    sent: 0,
    answered: 0,
    shedNotices: 0,
    closedByServer: 0,
    closeCodes: {},
    stop: () => {},
    sockets: [],
    seconds: 0,
  };
  for (let i = 0; i < count; i++) {
    const cookie = setup.flooderCookies[i % setup.flooderCookies.length] as string;
    try {
      const ws = await openSocket(appTarget(setup.url, "/rtc", cookie));
      ws.on("message", (raw) => {
        const type = (JSON.parse(raw.toString()) as { type?: string }).type;
        if (type === "call:status") flood.answered += 1;
        if (type === "error") flood.shedNotices += 1;
      });
      ws.on("close", (code) => {
        if (code === 1000 || code === 1005) return;
        flood.closedByServer += 1;
        flood.closeCodes[code] = (flood.closeCodes[code] ?? 0) + 1;
      });
      flood.sockets.push(ws);
      flood.opened += 1;
    } catch {
      flood.refused += 1;
    }
  }
  const frame = JSON.stringify({ type: "call:status", callId: setup.callId, matchId: setup.matchId });
  const started = performance.now();
  const sentBy = new Array<number>(flood.sockets.length).fill(0);
  let running = true;
  flood.stop = () => {
    running = false;
    flood.seconds = (performance.now() - started) / 1000;
  };
  // Every socket evenly paced at `rate`, each offset a little so they do not all send on one tick.
  void (async () => {
    while (running) {
      const elapsed = (performance.now() - started) / 1000;
      flood.sockets.forEach((ws, i) => {
        const due = Math.floor((elapsed + i / (flood.sockets.length * rate)) * rate);
        // Behind by more than a tenth of a second (this process lagged): skip, never send a catch-up
        // burst, which would go over the per-socket limit rather than just under it.
        if (due - (sentBy[i] as number) > rate / 10) sentBy[i] = due - 1;
        for (; (sentBy[i] as number) < due; sentBy[i] = (sentBy[i] as number) + 1) {
          if (ws.readyState !== WebSocket.OPEN) continue;
          ws.send(frame);
          flood.sent += 1;
        }
      });
      await sleep(5);
    }
  })();
  return flood;
}

/** Seconds until the server's busy share falls under QUIET (sampled every 250 ms), up to `limit`. */
async function busyFor(server: Server, limit: number): Promise<number> {
  await server.call("busy");
  const started = performance.now();
  while ((performance.now() - started) / 1000 < limit) {
    await sleep(250);
    if ((await server.call("busy")) < QUIET) return (performance.now() - started) / 1000;
  }
  return Number.POSITIVE_INFINITY;
}

interface Row {
  flood: Omit<Flood, "stop" | "sockets">;
  seconds: number;
  calm: Probe;
  flooded: Probe;
  busyAfterStop: number;
  /** The server's busy share without and during the flood. */
  busyCalm: number;
  busyFlood: number;
}

async function run(opts: {
  sockets: number;
  sessions: number;
  rate: number;
  seconds: number;
  drain: number;
}): Promise<Row> {
  const server = new Server();
  try {
    const setup = await server.call("start", { sessions: opts.sessions });
    const member = await openSocket(appTarget(setup.url, "/ws", setup.memberCookie));
    await probe(setup, member, 2); // warm-up, unmeasured
    await server.call("busy");
    const calm = await probe(setup, member, opts.seconds);
    const busyCalm = await server.call("busy");
    const flood = await startFlood(setup, opts.sockets, opts.rate);
    await sleep(1_000);
    await server.call("busy");
    const flooded = await probe(setup, member, opts.seconds);
    const busyFlood = await server.call("busy");
    flood.stop();
    const busyAfterStop = await busyFor(server, opts.drain);
    await closeAll(flood.sockets);
    await closeAll([member]);
    const { stop: _stop, sockets: _sockets, ...counts } = flood;
    return {
      flood: counts,
      seconds: flood.seconds,
      calm,
      flooded,
      busyAfterStop,
      busyCalm,
      busyFlood,
    };
  } finally {
    await server.stop();
  }
}

const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(v < 10 ? 1 : 0)}` : "—");
const latency = (values: number[]) => `${ms(percentile(values, 50))} / ${ms(percentile(values, 99))}`;

function print(
  rows: Row[],
  opts: { sockets: number; sessions: number; rate: number; seconds: number; drain: number },
) {
  console.log(
    `\nFlood: one person opens ${opts.sockets} /rtc sockets over ${opts.sessions} sign-ins, each sending call:status at ${opts.rate}/s` +
      ` for ${opts.seconds + 1} s (stopped after the probe); another member meanwhile sends GET /api/matches at ${GET_RATE}/s` +
      ` and a /ws ping at ${PING_RATE}/s. Latencies p50 / p99 in ms.\n`,
  );
  const head = [
    "round",
    "sockets open / refused",
    "frames sent/s",
    "answered/s",
    "GET calm",
    "GET flood",
    "ping calm",
    "ping flood",
    "server busy calm / flood",
    "GET not 200",
    "pings lost",
    "busy after stop",
  ];
  const lines = rows.map((r, i) => [
    String(i + 1),
    `${r.flood.opened} / ${r.flood.refused}`,
    `${Math.round(r.flood.sent / r.seconds)}`,
    `${Math.round(r.flood.answered / r.seconds)}`,
    latency(r.calm.get),
    latency(r.flooded.get),
    latency(r.calm.ping),
    latency(r.flooded.ping),
    `${Math.round(r.busyCalm * 100)}% / ${Math.round(r.busyFlood * 100)}%`,
    `${r.calm.failed + r.flooded.failed}`,
    `${r.calm.lost + r.flooded.lost}`,
    Number.isFinite(r.busyAfterStop) ? `${r.busyAfterStop.toFixed(1)} s` : `> ${opts.drain} s`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
  for (const line of [head, ...lines])
    console.log(line.map((c, i) => c.padEnd(widths[i] as number)).join("  "));
  for (const [i, r] of rows.entries()) {
    const why = { ...r.calm.why, ...r.flooded.why };
    console.log(
      `round ${i + 1}: the server closed ${r.flood.closedByServer} flooding sockets ${JSON.stringify(r.flood.closeCodes)}; the member's failed GETs: ${JSON.stringify(why)}.`,
    );
  }
  for (const after of rows) {
    const p99 = percentile(after.flooded.get, 99);
    const pingP99 = percentile(after.flooded.ping, 99);
    const ok = p99 < P99_TARGET_MS && pingP99 < P99_TARGET_MS;
    console.log(
      `\nTarget: another member's p99 under ${P99_TARGET_MS} ms during the flood: GET ${ms(p99)} ms, ping ${ms(pingP99)} ms: ${ok ? "MET" : "NOT MET"}.`,
    );
    console.log(
      `The flooder's sockets got ${after.flood.shedNotices} "too fast" notices (at most one a socket a second).`,
    );
  }
  console.log(
    `"busy after stop": seconds until the server's event loop is under ${QUIET * 100}% busy once the flooder stops sending (sockets left open).`,
  );
}

async function main() {
  const opts = {
    sockets: flag("--sockets", 100),
    sessions: flag("--sessions", 10),
    rate: flag("--rate", 45),
    seconds: flag("--seconds", 10),
    drain: flag("--drain-timeout", 120),
  };
  const rows: Row[] = [];
  for (let i = 0; i < flag("--rounds", 1); i++) rows.push(await run(opts));
  print(rows, opts);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
