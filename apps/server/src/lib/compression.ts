/** Answers this long or longer are compressed when the client accepts it (@fastify/compress's threshold). */
export const COMPRESS_MIN_BYTES = 1024;
