import fastifyWebsocket from "@fastify/websocket";
import { STATUS_SOCKET_PATHS } from "@kindred/shared/presence";
import { SIGNALLING_SOCKET_PATH } from "@kindred/shared/signalling";
import { CLOSE } from "@kindred/shared/socket-limits";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { WebSocket } from "ws";
import { HttpError } from "../lib/http-error.ts";
import type { Session } from "../lib/sessions/lookup.ts";
import { isOwnOrigin } from "../plugins/origin-check.ts";
import type { RealtimeBackend, RoomMember, RoomStore } from "./backend.ts";
import { Connection, type SocketKind } from "./connection.ts";
import { Hub } from "./hub.ts";
import { startLiveness } from "./liveness.ts";
import { Presence } from "./presence.ts";
import { SocketCaps, type SocketSlot } from "./socket-caps.ts";
import { serveStatusSocket, stampLastActive } from "./status-socket.ts";

/** The socket kinds a feature serves, by path; the transport serves the status sockets itself. */
const FEATURE_SOCKET_PATHS = { rtc: SIGNALLING_SOCKET_PATH } as const satisfies Record<
  Exclude<SocketKind, "status">,
  string
>;
export type FeatureSocketKind = keyof typeof FEATURE_SOCKET_PATHS;

/**
 * What a feature does with each accepted socket of its kind. It must attach its frame handlers before
 * it returns (frames that arrive while set-up awaits are queued, not lost); what it returns, if
 * anything, runs once the socket has closed, before the socket leaves the hub.
 */
export type SocketHandler = (conn: Connection) => (() => Promise<void>) | undefined;

declare module "fastify" {
  interface FastifyInstance {
    realtime: {
      presence: Presence;
      hub: Hub;
      rooms: RoomStore;
      /** Hands every socket of this kind to `handler`; one handler a kind, set before the app is ready. */
      serve(kind: FeatureSocketKind, handler: SocketHandler): void;
      /** Closes the user's sockets of one session (logout), or of all (account deleted). */
      endSessions(userId: number, tokenHash?: string): Promise<void>;
    };
  }
  interface FastifyRequest {
    socketSession: Session | null;
  }
}

export interface RealtimeOptions {
  backend: RealtimeBackend;
  publicOrigin?: string;
  pingIntervalMs: number;
  presenceTtlMs: number;
}

/** Large enough for any SDP; frames over 16 KB are refused with an `error` frame, not a close. */
const MAX_PAYLOAD = 64 * 1024;

const TOO_MANY_SOCKETS =
  "Too many Kindred tabs or windows are open for this account. Close some of them, then reload this one.";

/**
 * Sockets are authenticated and authorised like HTTP routes, before the upgrade: a foreign or missing
 * Origin is 403 (cross-site WebSocket hijacking), no live session is 401, a session or user already
 * holding as many sockets as allowed is 429. No frame is ever read first.
 */
function upgradeGuard(
  publicOrigin: string | undefined,
  caps: SocketCaps,
  slots: WeakMap<object, SocketSlot>,
) {
  return async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (!origin || !isOwnOrigin(request, origin, publicOrigin)) {
      throw new HttpError(403, "Sockets are only open to pages of this site.");
    }
    const session = await request.server.sessions.fromCookies(request.cookies);
    if (!session) throw new HttpError(401, "Please sign in to connect.");
    // Counted here, with no await between check and count, so parallel upgrades cannot all pass.
    const slot = caps.reserve(session.user.id, session.tokenHash);
    if (!slot) throw new HttpError(429, TOO_MANY_SOCKETS);
    request.socketSession = session;
    slots.set(request, slot);
    // Given back when the connection ends, whether or not the upgrade completed.
    request.raw.socket.once("close", slot.release);
  };
}

export const realtimePlugin = fp(async (app: FastifyInstance, opts: RealtimeOptions) => {
  const { backend } = opts;
  const hub = new Hub(backend.bus, backend.rooms, app.log);
  const presence = new Presence(backend.presence, hub, app.db, app.log);
  const handlers = new Map<FeatureSocketKind, SocketHandler>();
  app.decorate("realtime", {
    presence,
    hub,
    rooms: backend.rooms,
    serve(kind: FeatureSocketKind, handler: SocketHandler) {
      if (handlers.has(kind)) throw new Error(`The ${kind} sockets are already served.`);
      handlers.set(kind, handler);
    },
    async endSessions(userId: number, tokenHash?: string) {
      await hub.send(userId, { to: "sessions-ended", tokenHash });
    },
  });
  app.decorateRequest("socketSession", null);

  // Before @fastify/websocket's own preClose, which would close every socket without a code: 1012
  // ("service restart") tells the clients to reconnect, to another instance behind the balancer.
  app.addHook("preClose", async () => {
    for (const conn of hub.connections()) conn.close(CLOSE.serviceRestart, "Server restarting");
  });

  const caps = new SocketCaps();
  /** Each upgrade's slot, from the guard to `accept`. */
  const slots = new WeakMap<object, SocketSlot>();

  function accept(kind: SocketKind, socket: WebSocket, request: FastifyRequest) {
    const session = request.socketSession;
    const slot = slots.get(request);
    if (!session || !slot) return socket.close(1011);
    // Only who it is: a socket must not keep the user's whole row (profile, password hash) for its life.
    const who = { id: session.user.id, username: session.user.username };
    request.socketSession = null;
    const conn = new Connection(
      socket,
      kind,
      who,
      session.tokenHash,
      hub.instanceId,
      app.log,
      slot.budget,
      slot.lane,
    );
    socket.on("pong", () => {
      conn.heard = true;
      // The browser answers pings itself, unthrottled: a hidden tab whose timers Chromium slows to once a
      // minute still counts as heard from, so it does not flicker offline between its heartbeats.
      if (kind === "status") presence.heard(conn).catch((err: unknown) => app.log.warn({ err }, "presence"));
    });
    // Frame handlers are attached now, synchronously: frames that arrive during an await are queued.
    let cleanUp: (() => Promise<void>) | undefined;
    if (kind === "status") serveStatusSocket(conn, presence);
    else cleanUp = handlers.get(kind)?.(conn);
    const added = hub.add(conn).then(() => (kind === "status" ? presence.heard(conn) : undefined));
    // Frames wait for the set-up, so an answer (`registered`, `room_joined`) means the channel listens.
    const ready = added.catch(() => undefined);
    slot.lane.tail = slot.lane.tail.then(() => ready);
    socket.on("close", () => {
      slot.release();
      // Clean up after set-up and the frame in hand settle, whether or not they succeeded, so nothing of
      // the socket lingers (a join_room finishing after the clean-up would leave it in a room).
      void added
        .catch(() => undefined)
        .then(() => conn.settled())
        .then(async () => {
          await cleanUp?.();
          if (kind === "status") {
            await presence.gone(conn);
            await stampLastActive(app.db, conn.userId);
          }
        })
        .finally(() => hub.remove(conn))
        .catch((err: unknown) => app.log.warn({ err }, "socket clean-up failed"));
    });
    added.catch((err: unknown) => {
      // Without its user's channel the socket would hear nothing: better closed, so the client retries.
      app.log.warn({ err }, "socket set-up failed");
      conn.close(1011, "Please reconnect");
    });
  }

  // The sockets are left out of the OpenAPI document (hide): an upgrade answers 101 and then speaks in
  // frames, which OpenAPI cannot describe. Their frames are the shared schemas of socket-frames.ts and
  // signalling.ts, described in docs/realtime.md; a refused upgrade is an Error (401, 403 or 429).
  const socketRoute = {
    websocket: true,
    preValidation: upgradeGuard(opts.publicOrigin, caps, slots),
    schema: { hide: true },
  } as const;
  // In a context of their own: @fastify/websocket's hooks (one on every request, one on every answer)
  // then run on the socket routes only, not on every API call and page.
  await app.register(async (sockets) => {
    await sockets.register(fastifyWebsocket, {
      options: { maxPayload: MAX_PAYLOAD, perMessageDeflate: false },
    });
    for (const path of STATUS_SOCKET_PATHS) {
      sockets.get(path, socketRoute, (socket, request) => accept("status", socket, request));
    }
    for (const [kind, path] of Object.entries(FEATURE_SOCKET_PATHS)) {
      sockets.get(path, socketRoute, (socket, request) => accept(kind as FeatureSocketKind, socket, request));
    }
  });
  // A socket route that nobody serves would take sockets and ignore their frames: the app does not start.
  app.addHook("onReady", async () => {
    for (const kind of Object.keys(FEATURE_SOCKET_PATHS)) {
      if (!handlers.has(kind as FeatureSocketKind)) throw new Error(`Nothing serves the ${kind} sockets.`);
    }
  });

  const stopLiveness = startLiveness(() => hub.connections(), opts.pingIntervalMs);
  // The sweep also drops a crashed instance's connections, so it runs at least once a heartbeat.
  const sweepEvery = Math.max(
    50,
    Math.min(5_000, Math.floor(opts.presenceTtlMs / 4), backend.heartbeatMs || Number.POSITIVE_INFINITY),
  );
  const sweeper = setInterval(() => {
    presence.sweep().catch((err: unknown) => app.log.warn({ err }, "presence sweep failed"));
  }, sweepEvery);
  sweeper.unref();

  // This instance's heartbeat (with Redis): it tells the others it is alive, and re-asserts its
  // sockets' room memberships, which a Redis restarted empty has lost.
  let beating = false;
  let failing = false;
  const beat = () => {
    if (beating) return;
    beating = true;
    const members: RoomMember[] = [];
    for (const conn of hub.connections()) {
      for (const callId of conn.rooms.keys()) members.push({ callId, userId: conn.userId, connId: conn.id });
    }
    backend
      .heartbeat(hub.instanceId, members)
      .then(() => {
        if (failing) app.log.info("heartbeat back: this instance's rooms are re-asserted");
        failing = false;
      })
      .catch((err: unknown) => {
        // Once per outage, not every beat of it.
        if (!failing) app.log.warn({ err }, "heartbeat failed");
        failing = true;
      })
      .finally(() => {
        beating = false;
      });
  };
  const heart = backend.heartbeatMs > 0 ? setInterval(beat, backend.heartbeatMs) : undefined;
  heart?.unref();
  if (heart) beat();

  app.addHook("preClose", async () => {
    stopLiveness();
    clearInterval(sweeper);
    clearInterval(heart);
  });
});
