import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * A session that ended (logout, or rotation at any sign-in) is forgotten by every instance's session
 * cache, and closes the sockets it opened. Called once its row is deleted.
 */
export async function endPreviousSession(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  if (request.user && request.sessionTokenHash) {
    await app.sessions.changed(request.user.id);
    await app.realtime.endSessions(request.user.id, request.sessionTokenHash);
  }
}
