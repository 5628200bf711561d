import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { StoredVoiceIntro } from "../../db/schema/users.ts";
import { parseByteRange } from "../../lib/byte-range.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";

/** A recording's bytes in a response schema: sent as they are, documented as binary. */
export const audioBytes = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: "string", format: "binary" });

/** A stored recording, whole or one byte range of it (a player seeking), never cached. */
export function sendRecording(
  request: FastifyRequest,
  reply: FastifyReply,
  voice: Pick<StoredVoiceIntro, "mime">,
  bytes: Buffer | null,
) {
  if (!bytes) throw notFound();
  reply.type(voice.mime).header("cache-control", "private, no-store").header("accept-ranges", "bytes");
  const range = parseByteRange(request.headers.range, bytes.length);
  if (range === "unsatisfiable") {
    reply.header("content-range", `bytes */${bytes.length}`);
    throw new HttpError(416, "That part of the recording does not exist.");
  }
  if (!range) return reply.send(bytes);
  return reply
    .status(206)
    .header("content-range", `bytes ${range.start}-${range.end}/${bytes.length}`)
    .send(bytes.subarray(range.start, range.end + 1));
}
