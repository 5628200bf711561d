// The baseline of `npm run bench:sockets`, run in a child process: bare `ws` servers, with no
// Fastify, no session, no parsing. A connection without a query is held idle. One opened with
// `?pair=N&side=b` receives, byte for byte, what `?pair=N&side=a` sends: handed over directly on one
// server, or published to Redis by the first of two servers and delivered by the second.
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { type WebSocket, WebSocketServer } from "ws";
import { type Memory, settledMemory } from "./bench-sockets-memory.ts";

export type BareCommands = {
  /** One server, or two relaying through Redis; their ws:// base URLs. */
  start(opts: { redis?: { url: string; prefix: string } }): Promise<string[]>;
  memory(): Promise<Memory>;
  stop(): Promise<void>;
};

function listen(): Promise<WebSocketServer> {
  return new Promise((resolve, reject) => {
    const wss = new WebSocketServer({ port: 0, host: "127.0.0.1", perMessageDeflate: false });
    wss.once("listening", () => resolve(wss));
    wss.once("error", reject);
  });
}

export function bareCommands(): BareCommands {
  const servers: WebSocketServer[] = [];
  const receivers = new Map<string, WebSocket>();
  const clients: Redis[] = [];
  let forward = (pair: string, data: Buffer) => receivers.get(pair)?.send(data, { binary: false });

  function onConnection(ws: WebSocket, request: IncomingMessage) {
    const query = new URL(request.url ?? "/", "http://bare").searchParams;
    const pair = query.get("pair");
    if (pair === null) return;
    if (query.get("side") === "b") {
      receivers.set(pair, ws);
      ws.on("close", () => receivers.delete(pair));
      return;
    }
    ws.on("message", (data) => forward(pair, data as Buffer));
  }

  /** One pattern subscription for every pair, made before any client connects: nothing can race it. */
  async function relayThroughRedis(url: string, prefix: string) {
    const pub = new Redis(url);
    const sub = new Redis(url);
    clients.push(pub, sub);
    await sub.psubscribe(`${prefix}*`);
    sub.on("pmessageBuffer", (_pattern: string, channel: Buffer, message: Buffer) => {
      receivers.get(channel.toString().slice(prefix.length))?.send(message, { binary: false });
    });
    forward = (pair, data) => void pub.publish(prefix + pair, data);
  }

  return {
    async start({ redis }) {
      if (redis) await relayThroughRedis(redis.url, redis.prefix);
      for (let i = 0; i < (redis ? 2 : 1); i += 1) {
        const wss = await listen();
        wss.on("connection", onConnection);
        servers.push(wss);
      }
      return servers.map((wss) => `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
    },
    memory: () => settledMemory(() => servers.reduce((n, wss) => n + wss.clients.size, 0)),
    async stop() {
      for (const wss of servers) {
        for (const ws of wss.clients) ws.terminate();
        await new Promise((resolve) => wss.close(resolve));
      }
      await Promise.allSettled(clients.map((c) => c.quit()));
    },
  };
}
