import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/**
 * Fastify's request logging, set to one line per request at info, once it is answered: method, path
 * (never the query string, which can carry codes and tokens), status and time. Fastify's default
 * writes two ("incoming request" and "request completed"). Every other line Fastify writes (a failed
 * response, a stream error) is its own, unchanged.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error || this.isLogDisabled(request)) return super.requestCompleted(error, request, reply);
    const query = request.url.indexOf("?");
    const url = query === -1 ? request.url : request.url.slice(0, query);
    const { method } = request;
    reply.log.info(
      { method, url, statusCode: reply.statusCode, responseTime: reply.elapsedTime },
      "request completed",
    );
  }
}
