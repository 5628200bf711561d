import path from "node:path";
import { buildApp } from "./app.ts";
import { openDatabase } from "./db/client.ts";
import { loadEnv } from "./env.ts";

const env = loadEnv();
const started = performance.now();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, "pglite") });
const app = await buildApp({
  env,
  db: database.db,
  logger: {
    level: env.LOG_LEVEL,
    ...(env.NODE_ENV === "development" ? { transport: { target: "pino-pretty" } } : {}),
  },
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, "error during shutdown");
    process.exit(1);
  }
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

try {
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(
    { database: database.kind, ms: Math.round(performance.now() - started) },
    `Kindred listening on http://localhost:${env.PORT}`,
  );
} catch (err) {
  app.log.error({ err }, "failed to start");
  await database.close();
  process.exit(1);
}
