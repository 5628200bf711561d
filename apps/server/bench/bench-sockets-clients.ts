// The client side of `npm run bench:sockets`, in the parent process: many `ws` clients, and the relay
// driver that times ICE candidates from one side of a pair to the other on the parent's one clock.
import { setTimeout as sleep } from "node:timers/promises";
import WebSocket from "ws";

export interface Target {
  url: string;
  headers?: Record<string, string>;
}

type Frame = { type?: string; data?: { message?: string; candidate?: { candidate?: string } } };

/** A `ws` client of the app: the session cookie, and the app's own origin (the upgrade checks both). */
export function appTarget(base: string, path: string, cookie: string): Target {
  return { url: `${base.replace(/^http/, "ws")}${path}`, headers: { cookie, origin: base } };
}

export function openSocket(target: Target): Promise<WebSocket> {
  const ws = new WebSocket(target.url, { headers: target.headers, perMessageDeflate: false });
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve(ws));
    ws.once("unexpected-response", (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once("error", reject);
  });
}

/** Opens every target, `parallel` handshakes at a time (2,000 at once would measure the backlog). */
export async function openMany(targets: Target[], parallel = 50): Promise<WebSocket[]> {
  const sockets: WebSocket[] = new Array(targets.length);
  let next = 0;
  async function worker() {
    while (next < targets.length) {
      const i = next;
      next += 1;
      sockets[i] = await openSocket(targets[i] as Target);
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker));
  return sockets;
}

export async function closeAll(sockets: WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.map((ws) =>
      ws.readyState === WebSocket.CLOSED
        ? undefined
        : new Promise((resolve) => {
            ws.once("close", resolve);
            ws.close(1000);
          }),
    ),
  );
}

/** The first frame of this type the socket receives from now on. */
export function nextFrame(ws: WebSocket, type: string, timeoutMs = 10_000): Promise<Frame> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      ws.off("message", onMessage);
      reject(new Error(`no "${type}" frame within ${timeoutMs} ms`));
    }, timeoutMs);
    function onMessage(raw: WebSocket.RawData) {
      const frame = JSON.parse(raw.toString()) as Frame;
      if (frame.type !== type) return;
      clearTimeout(timer);
      ws.off("message", onMessage);
      resolve(frame);
    }
    ws.on("message", onMessage);
  });
}

export interface RelayPair {
  a: WebSocket;
  b: WebSocket;
  roomId: string;
}

export interface RelayOptions {
  /** Measured frames per pair, after `warmup` unmeasured ones. */
  frames: number;
  warmup: number;
  perSecond: number;
}

export interface RelayResult {
  ms: number[];
  lost: number;
  /** `error` frames either side received, and close codes seen while relaying. */
  errors: string[];
  closes: number[];
}

/** A realistic host candidate whose foundation is the frame's sequence number. */
function candidateFrame(roomId: string, seq: number): string {
  const candidate = `candidate:${seq} 1 udp 2122260223 192.168.${(seq >> 8) & 255}.${seq & 255} ${40_000 + (seq % 20_000)} typ host generation 0`;
  return JSON.stringify({
    type: "ice_candidate",
    roomId,
    data: { candidate: { candidate, sdpMid: "0", sdpMLineIndex: 0 } },
  });
}

/**
 * Each pair's side a sends `warmup + frames` candidates, waiting a full interval after each send so
 * that it never exceeds `perSecond` (a late timer only slows it); the pairs' start times are spread
 * over one interval so the server sees an even stream. Side b times each one's arrival.
 */
export async function driveRelay(pairs: RelayPair[], opts: RelayOptions): Promise<RelayResult> {
  const perPair = opts.warmup + opts.frames;
  const sentAt = new Float64Array(pairs.length * perPair);
  const result: RelayResult = { ms: [], lost: 0, errors: [], closes: [] };
  let arrived = 0;
  let allArrived = () => {};
  const done = new Promise<void>((resolve) => {
    allArrived = resolve;
  });
  const onError = (raw: WebSocket.RawData) => {
    const frame = JSON.parse(raw.toString()) as Frame;
    if (frame.type === "error") result.errors.push(String(frame.data?.message));
  };
  const onArrival = (raw: WebSocket.RawData) => {
    const now = performance.now();
    const frame = JSON.parse(raw.toString()) as Frame;
    if (frame.type !== "ice_candidate") return onError(raw);
    const seq = Number(/^candidate:(\d+) /.exec(frame.data?.candidate?.candidate ?? "")?.[1]);
    if (seq % perPair >= opts.warmup) result.ms.push(now - (sentAt[seq] ?? Number.NaN));
    arrived += 1;
    if (arrived === sentAt.length) allArrived();
  };
  const onClose = (code: number) => result.closes.push(code);
  for (const { a, b } of pairs) {
    a.on("message", onError);
    b.on("message", onArrival);
    a.on("close", onClose);
    b.on("close", onClose);
  }
  const interval = 1000 / opts.perSecond;
  const sending = pairs.map(async ({ a, roomId }, i) => {
    await sleep((i * interval) / pairs.length);
    for (let k = 0; k < perPair; k += 1) {
      const seq = i * perPair + k;
      const text = candidateFrame(roomId, seq);
      sentAt[seq] = performance.now();
      if (a.readyState === WebSocket.OPEN) a.send(text);
      await sleep(interval);
    }
  });
  await Promise.all(sending);
  await Promise.race([done, sleep(5_000)]);
  result.lost = pairs.length * opts.frames - result.ms.length;
  for (const { a, b } of pairs) {
    a.off("message", onError);
    b.off("message", onArrival);
    a.off("close", onClose);
    b.off("close", onClose);
  }
  return result;
}
