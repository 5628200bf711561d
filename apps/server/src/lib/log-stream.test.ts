import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { BufferedLogStream } from "./log-stream.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kindred-log-stream-"));
const opened: { fd: number; stream: BufferedLogStream }[] = [];

/** A stream writing to a file of its own, and what that file holds so far. */
function fileStream(opts: { maxBuffered?: number; maxDelayMs?: number } = {}) {
  const file = path.join(dir, `${opened.length}.log`);
  const fd = fs.openSync(file, "w");
  const stream = new BufferedLogStream({ fd, ...opts });
  opened.push({ fd, stream });
  return { stream, written: () => fs.readFileSync(file, "utf8") };
}

afterEach(() => {
  for (const { fd, stream } of opened.splice(0)) {
    stream.end();
    fs.closeSync(fd);
  }
});

describe("the buffered log stream", () => {
  it("holds info lines until enough wait, then writes them all at once, in order", () => {
    const { stream, written } = fileStream({ maxBuffered: 250, maxDelayMs: 60_000 });
    const log = pino({ level: "info" }, stream);
    log.info("first");
    log.info("second");
    expect(written()).toBe("");
    log.info({ padding: "x".repeat(250) }, "third");
    expect(
      written()
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line).msg),
    ).toEqual(["first", "second", "third"]);
  });

  it("writes a waiting line within its delay, with no other line to push it out", async () => {
    const { stream, written } = fileStream({ maxDelayMs: 30 });
    pino({ level: "info" }, stream).info("alone");
    expect(written()).toBe("");
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(JSON.parse(written()).msg).toBe("alone");
  });

  it("writes a warning or an error at once, after the lines before it", () => {
    const { stream, written } = fileStream({ maxDelayMs: 60_000 });
    const log = pino({ level: "info" }, stream);
    log.info("request completed");
    log.error({ err: new Error("broken") }, "unhandled error");
    const lines = written()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [30, "request completed"],
      [50, "unhandled error"],
    ]);
  });

  it("writes what waits when the process exits, by process.exit too", () => {
    const script = `
      import pino from "pino";
      import { BufferedLogStream } from ${JSON.stringify(path.resolve(import.meta.dirname, "log-stream.ts"))};
      const log = pino({ level: "info" }, new BufferedLogStream({ maxDelayMs: 60_000 }));
      log.info("the last line before exit");
      process.exit(3);
    `;
    let stdout = "";
    try {
      execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", script], {
        cwd: import.meta.dirname,
        encoding: "utf8",
      });
    } catch (err) {
      const failed = err as { status: number; stdout: string };
      expect(failed.status).toBe(3);
      stdout = failed.stdout;
    }
    expect(JSON.parse(stdout).msg).toBe("the last line before exit");
  });

  it("drops what a closed descriptor refuses and keeps going", () => {
    const fd = fs.openSync(path.join(dir, "closed.log"), "w");
    const stream = new BufferedLogStream({ fd, maxDelayMs: 60_000 });
    fs.closeSync(fd);
    const log = pino({ level: "info" }, stream);
    expect(() => log.error("nowhere to go")).not.toThrow();
    stream.end();
  });
});
