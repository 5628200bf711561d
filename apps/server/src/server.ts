import { createRequire } from "node:module";
import { configuredDatabase, openDatabase } from "./db/client.ts";
import { loadEnv } from "./env.ts";
import { holdTickObjectMaps } from "./lib/tick-object-maps.ts";
import { shutDown } from "./shutdown.ts";

// First, before any collection can free what it keeps (lib/tick-object-maps.ts says why).
holdTickObjectMaps();
const env = loadEnv();
const started = performance.now();

// Errors that reach no caller: logged through the app's logger once it exists, stderr before that.
let logError = (err: unknown, msg: string) => console.error(msg, err);
// An unhandled rejection is a fire-and-forget promise that failed (a publish while Redis is down, say):
// logged, and the server keeps serving rather than dropping every connection over it.
process.on("unhandledRejection", (err) => logError(err, "unhandled rejection"));

// The database opens (PGlite compiles its WebAssembly off the main thread) while the app's modules
// load: the two together are most of the time to the first answer.
const opening = openDatabase({
  ...configuredDatabase(env),
  onPoolError: (err) => logError(err, "idle database connection failed"),
});
opening.catch(() => {}); // awaited below; this only keeps a failure from counting as unhandled meanwhile
const { buildApp } = await import("./app.ts");
const database = await opening;
const app = await buildApp({
  env,
  db: database.db,
  logger: { level: env.LOG_LEVEL, ...(env.NODE_ENV === "development" && prettyTransport()) },
});
logError = (err, msg) => app.log.error({ err }, msg);

/** Readable logs in development, when pino-pretty (a dev dependency) is installed; else pino's JSON lines. */
function prettyTransport() {
  try {
    createRequire(import.meta.url).resolve("pino-pretty");
    return { transport: { target: "pino-pretty" } };
  } catch {
    return undefined;
  }
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  process.exit(await shutDown(app, () => database.close(), { drainMs: env.SHUTDOWN_DRAIN_MS }));
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

/**
 * Connections waiting to be accepted. Node's 511 overflows when thousands of pages reconnect at once
 * (after a restart, say): the kernel drops the rest, and each retries a second or more later.
 * Linux caps it at net.core.somaxconn (4096 by default since 5.4).
 */
const LISTEN_BACKLOG = 4096;

try {
  await app.listen({ port: env.PORT, host: env.HOST, backlog: LISTEN_BACKLOG });
  app.log.info(
    { database: database.kind, ms: Math.round(performance.now() - started) },
    `Kindred listening on http://localhost:${env.PORT}`,
  );
} catch (err) {
  app.log.error({ err }, "failed to start");
  await database.close();
  process.exit(1);
}
