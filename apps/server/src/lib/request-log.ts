import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/**
 * One line per request at info, once it is answered: method, path (never the query string, which can
 * carry codes and tokens), status and time. Fastify's default writes two ("incoming request" and
 * "request completed"), which at info cost about as much as answering. Every other line Fastify writes
 * (a failed response, a stream error, a serializer failure) is its own, unchanged, and the errors
 * plugin logs unexpected errors as before.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error || this.isLogDisabled(request)) return super.requestCompleted(error, request, reply);
    const url = request.url;
    const query = url.indexOf("?");
    reply.log.info(
      {
        method: request.method,
        url: query === -1 ? url : url.slice(0, query),
        statusCode: reply.statusCode,
        responseTime: reply.elapsedTime,
      },
      "request completed",
    );
  }
}
