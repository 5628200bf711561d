import path from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Db } from "./db/client.ts";
import { type MediaTable, photos, voiceFiles } from "./db/schema/media.ts";
import type { Env } from "./env.ts";
import { accountRoutes } from "./features/account/routes.ts";
import { googleRoutes } from "./features/auth/google.ts";
import { LoginLimiter } from "./features/auth/login-limiter.ts";
import { recoveryRoutes } from "./features/auth/recovery-routes.ts";
import { authRoutes } from "./features/auth/routes.ts";
import { CallClock } from "./features/calls/clock.ts";
import { callsRoutes } from "./features/calls/routes.ts";
import { callSockets } from "./features/calls/sockets.ts";
import { chatRoutes } from "./features/chat/routes.ts";
import { healthRoutes } from "./features/health/routes.ts";
import { mailPlugin } from "./features/mail/plugin.ts";
import { unsubscribeRoutes } from "./features/mail/unsubscribe-routes.ts";
import { matchesRoutes } from "./features/matches/routes.ts";
import { ScheduleClock } from "./features/matches/schedule-clock.ts";
import { matchingRoutes } from "./features/matching/routes.ts";
import { moderationRoutes } from "./features/moderation/routes.ts";
import { notesRoutes } from "./features/notes/routes.ts";
import { pushPlugin } from "./features/notifications/plugin.ts";
import { pushRoutes } from "./features/notifications/routes.ts";
import { photoRoutes } from "./features/photos/routes.ts";
import { profileRoutes } from "./features/profile/routes.ts";
import { voiceRoutes } from "./features/voice/routes.ts";
import { COMPRESS_MIN_BYTES } from "./lib/compression.ts";
import { insecureCookieWarning } from "./lib/cookie-security.ts";
import { errorForLog } from "./lib/log-error.ts";
import { DatabaseMediaStore, DiskMediaStore, type MediaStore } from "./lib/media-store.ts";
import { type ProductLimits, productLimits } from "./lib/product-limits.ts";
import { OneLinePerRequest } from "./lib/request-log.ts";
import { Sessions } from "./lib/sessions/service.ts";
import { apiBoundary } from "./plugins/api-boundary.ts";
import { apiDocs } from "./plugins/api-docs.ts";
import { errorsPlugin } from "./plugins/errors.ts";
import { loadShedding } from "./plugins/load-shedding.ts";
import { nulGuard } from "./plugins/nul-guard.ts";
import { originCheck } from "./plugins/origin-check.ts";
import { pageHeadersHook } from "./plugins/security-headers.ts";
import { webPlugin } from "./plugins/web.ts";
import type { RealtimeBackend } from "./realtime/backend.ts";
import { createBackend } from "./realtime/create-backend.ts";
import { realtimePlugin } from "./realtime/plugin.ts";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    env: Env;
    callClock: CallClock;
    /** The scheduled calls' "now" (a test app may move it): 'Join call', passed slots, reminders. */
    scheduleClock: ScheduleClock;
    limits: ProductLimits;
    photos: MediaStore;
    voiceFiles: MediaStore;
    /** Session lookups (cached for seconds) and the changes that must end their cached copies. */
    sessions: Sessions;
    /** The shared parts (bus, presence, rooms, rate limits): in-process or Redis. */
    backend: RealtimeBackend;
    /** Set on SIGTERM: readiness fails first, so the load balancer stops sending traffic. */
    lifecycle: { shuttingDown: boolean };
  }
}

export interface AppDeps {
  env: Env;
  db: Db;
  /** The shared realtime parts; by default made from env (Redis when REDIS_URL is set) and owned by the app. */
  realtime?: RealtimeBackend;
  /** The sign-in limit; by default 5 failures per account and 20 per address in 15 minutes. */
  limiter?: LoginLimiter;
  logger?: false | Exclude<FastifyServerOptions["logger"], boolean | undefined>;
}

export async function buildApp({ env, db, realtime, limiter, logger = false }: AppDeps) {
  // Behind the one TLS-terminating proxy, trust that proxy (the socket's peer, hop 0) and no further.
  // `true` would trust every hop, so request.ip would be whatever a client wrote first in
  // X-Forwarded-For, and the per-address sign-in limit would be a header away from bypassed.
  const trustProxy = env.TRUST_PROXY ? (_address: string, hop: number) => hop === 0 : false;
  // Errors are logged through errorForLog, so a failed query's parameters never reach the log.
  const loggerOptions: FastifyServerOptions["logger"] = logger && {
    ...logger,
    serializers: { ...logger.serializers, err: errorForLog as never },
  };
  const app = Fastify({
    logger: loggerOptions,
    logController: new OneLinePerRequest(),
    bodyLimit: 64 * 1024,
    trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("db", db);
  app.decorate("env", env);
  // Uploads live where the other instances can reach them: the database when it is shared.
  const mediaStore = (table: MediaTable, folder: string, extension: string): MediaStore =>
    env.DATABASE_URL
      ? new DatabaseMediaStore(db, table, extension)
      : new DiskMediaStore(path.join(env.DATA_DIR, folder), extension);
  app.decorate("photos", mediaStore(photos, "photos", "webp"));
  app.decorate("voiceFiles", mediaStore(voiceFiles, "voice", "audio"));

  // External plugins.
  await app.register(fastifyCookie);
  const pageHeaders = pageHeadersHook({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        // 'self' covers this origin's ws:/wss: too; no other socket or fetch destination is allowed.
        connectSrc: ["'self'", ...(env.VITE_ANALYTICS_URL ? [new URL(env.VITE_ANALYTICS_URL).origin] : [])],
        fontSrc: ["'self'", "data:"],
        mediaSrc: ["'self'", "blob:"],
        upgradeInsecureRequests: null,
      },
    },
    // The HSTS header belongs to the TLS terminator; set here it would break http://localhost.
    hsts: false,
  });
  // Answers are compressed; request bodies never are (the web app sends small JSON), so no route
  // inflates one: a step less on every request, and no compressed body to guard against.
  app.addHook("onRoute", (route) => {
    route.decompress ??= false;
  });
  await app.register(fastifyCompress, { threshold: COMPRESS_MIN_BYTES });

  const backend = realtime ?? (await createBackend(env, app.log));
  if (!realtime) app.addHook("onClose", () => backend.close());
  app.decorate("backend", backend);
  // Subscribed before the first request: a change on another instance is heard from then on.
  const sessions = new Sessions(db, backend.bus, app.log);
  const stopListening = await sessions.listen();
  app.addHook("onClose", () => stopListening().catch(() => undefined));
  app.decorate("sessions", sessions);

  // App plugins.
  await app.register(errorsPlugin);
  await app.register(loadShedding, {
    maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS,
    sampleIntervalMs: env.LOAD_SAMPLE_INTERVAL_MS,
  });
  await app.register(originCheck, { publicOrigin: env.PUBLIC_ORIGIN });
  const cookieWarning = insecureCookieWarning(env);
  if (cookieWarning) app.log.warn(cookieWarning);
  await app.register(nulGuard);
  await app.register(apiDocs, { pageHeaders }); // before every route: it documents the routes added after it

  app.decorate("lifecycle", { shuttingDown: false });
  // Rate limits count where the rest of the shared state lives: in Redis when configured.
  app.decorate("limits", productLimits(backend.rateLimits, env));
  const loginLimiter = limiter ?? new LoginLimiter(undefined, backend.rateLimits);
  await app.register(realtimePlugin, {
    backend,
    publicOrigin: env.PUBLIC_ORIGIN,
    pingIntervalMs: env.WS_PING_INTERVAL_MS,
    presenceTtlMs: env.PRESENCE_TTL_MS,
  });

  // The calls' clock: sweeps on every instance; stopped before the database closes. The calls serve
  // the /rtc sockets, whose participants leaving a room start the clock's grace.
  const clock = new CallClock(app, {
    sweepMs: env.CALL_SWEEP_MS,
    timeScale: env.CALL_TIME_SCALE,
    peerGoneMs: env.CALL_PEER_GONE_MS,
  });
  app.decorate("callClock", clock);
  app.decorate("scheduleClock", new ScheduleClock());
  await app.register(callSockets, { clock });
  app.addHook("onReady", async () => clock.start());
  app.addHook("preClose", async () => clock.stop());
  // The push outbox's sender: sweeps on every instance, and is kicked when a push is decided.
  await app.register(pushPlugin);
  // The mail outbox's sender (and, with no SMTP_URL, the development mailbox at /dev/mailbox).
  await app.register(mailPlugin, { pageHeaders });

  // Features.
  await app.register(
    async (api) => {
      await api.register(apiBoundary);
      await api.register(healthRoutes);
      await api.register(authRoutes, { limiter: loginLimiter });
      await api.register(matchingRoutes);
      await api.register(googleRoutes);
      await api.register(accountRoutes, { limiter: loginLimiter });
      await api.register(recoveryRoutes, { limiter: loginLimiter });
      await api.register(profileRoutes);
      await api.register(photoRoutes);
      await api.register(voiceRoutes);
      await api.register(matchesRoutes);
      await api.register(callsRoutes, { clock });
      await api.register(chatRoutes);
      await api.register(notesRoutes);
      await api.register(pushRoutes);
      await api.register(unsubscribeRoutes);
      await api.register(moderationRoutes);
    },
    { prefix: "/api" },
  );
  await app.register(webPlugin, { root: env.WEB_DIST, pageHeaders });
  return app;
}
