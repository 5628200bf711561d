import { Writable } from "node:stream";

/** A logger destination for tests: every JSON line the app logs, parsed, in order. */
export function captureLogLines() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}
