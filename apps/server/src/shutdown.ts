import type { FastifyInstance } from "fastify";

/**
 * SIGTERM, in the order a load balancer needs: readiness fails first and stays failed for `drainMs`
 * (long enough for the balancer's next health check), while requests are still served; then the
 * server stops accepting, lets in-flight requests finish and closes every socket with 1012 (service restart) so the
 * clients reconnect to another instance; then the database closes and the process exits.
 */
export async function shutDown(
  app: FastifyInstance,
  closeDatabase: () => Promise<void>,
  opts: { drainMs: number; forceAfterMs?: number },
): Promise<number> {
  app.lifecycle.shuttingDown = true;
  const force = setTimeout(() => process.exit(1), opts.drainMs + (opts.forceAfterMs ?? 10_000));
  force.unref();
  try {
    await new Promise((resolve) => setTimeout(resolve, opts.drainMs));
    await app.close();
    await closeDatabase();
    return 0;
  } catch (err) {
    app.log.error({ err }, "error during shutdown");
    return 1;
  }
}
