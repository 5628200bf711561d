import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import { createTestApp } from "../test/app.ts";
import { captureLogLines } from "../test/log-lines.ts";
import { BufferedLogStream } from "./log-stream.ts";
import { AccessLog, jsonString } from "./request-log.ts";

const { lines, stream } = captureLogLines();
const { app } = await createTestApp({ logger: { level: "info", stream } });

app.get("/api/test/broken", { config: { public: true } }, async () => {
  throw new Error("broken on purpose");
});

const linesOf = (reqId: unknown) => lines.filter((l) => l.reqId === reqId);

describe("request log", () => {
  it("writes one line per request at info: method, path without the query, status, time", async () => {
    const res = await app.inject({ method: "GET", url: "/api/user?code=secret-code" });
    expect(res.statusCode).toBe(401);
    const [line, ...more] = lines.filter((l) => l.url === "/api/user");
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 30, msg: "request completed", method: "GET", statusCode: 401 });
    expect(typeof line?.responseTime).toBe("number");
    expect(linesOf(line?.reqId)).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toContain("secret-code");
  });

  it("still logs an unexpected error, beside the request's line", async () => {
    const res = await app.inject({ method: "GET", url: "/api/test/broken" });
    expect(res.statusCode).toBe(500);
    const line = lines.find((l) => l.url === "/api/test/broken");
    expect(line).toMatchObject({ statusCode: 500, msg: "request completed" });
    const forRequest = linesOf(line?.reqId);
    expect(forRequest.map((l) => l.msg)).toEqual(["unhandled error", "request completed"]);
    expect(forRequest[0]).toMatchObject({ level: 50, err: { message: "broken on purpose" } });
  });
});

describe("the access line", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kindred-access-log-"));
  let files = 0;
  /** A pino logger on the app's buffered stream, writing to a file of its own, with a fixed clock. */
  function fileLogger(opts: pino.LoggerOptions = {}) {
    files += 1;
    const file = path.join(dir, `${files}.log`);
    const fd = fs.openSync(file, "w");
    const stream = new BufferedLogStream({ fd, maxDelayMs: 60_000 });
    const log = pino({ level: "info", timestamp: () => ',"time":7', ...opts }, stream);
    const written = () => fs.readFileSync(file, "utf8").split("\n").filter(Boolean);
    return { log, stream, written };
  }
  const fields = { method: "GET", url: '/api/a "quoted" \\ path', statusCode: 401, responseTime: 12.5 };
  const byPino = (log: pino.Logger, reqId?: string) =>
    log.info(reqId === undefined ? fields : { reqId, ...fields }, "request completed");
  const byAccessLog = (access: AccessLog, log: pino.Logger, reqId?: string) =>
    access.write(log, fields.method, fields.url, fields.statusCode, fields.responseTime, reqId);

  it("is, byte for byte, the line pino writes, without going through pino's info", () => {
    const { log, stream, written } = fileLogger({ serializers: { err: (e: Error) => e.message } });
    const access = new AccessLog(log);
    const child = log.child({ reqId: "req-2" });
    byPino(log, "req-1");
    byPino(child);
    const info = vi.spyOn(log, "info");
    const childInfo = vi.spyOn(child, "info");
    byAccessLog(access, log, "req-1");
    byAccessLog(access, child);
    expect(info).not.toHaveBeenCalled();
    expect(childInfo).not.toHaveBeenCalled();
    stream.end();
    const [root, ofChild, ...direct] = written();
    expect(direct).toEqual([root, ofChild]);
    expect(JSON.parse(root ?? "")).toMatchObject({ reqId: "req-1", ...fields, msg: "request completed" });
  });

  it("quotes a string as JSON.stringify does, whatever it holds", () => {
    const strings = [
      "",
      "/api/user",
      "req-1z",
      "GET",
      "/api/a b/é/日本/😀",
      'a "quoted" word',
      "back\\slash",
      "tab\there, line\nend, nul \u0000, unit \u001f, del \u007f",
      "\u2028 and \u2029",
      "lone \ud800 high",
      "lone \udfff low",
      "/😀/\ud83d",
    ];
    for (let code = 0; code < 0x80; code += 1) strings.push(`/p${String.fromCharCode(code)}q`);
    for (const value of strings) expect(jsonString(value)).toBe(JSON.stringify(value));
  });

  it("gives the time in milliseconds to the microsecond", () => {
    const { log, stream, written } = fileLogger();
    const access = new AccessLog(log);
    access.write(log, "GET", "/api/user", 200, 0.123456789, "req-8");
    access.write(log, "GET", "/api/user", 200, 41.9996, "req-9");
    stream.end();
    expect(written().map((line) => JSON.parse(line).responseTime)).toEqual([0.123, 42]);
  });

  it("writes nothing below the logger's level, the request's own included", () => {
    const { log, stream, written } = fileLogger();
    const access = new AccessLog(log);
    byAccessLog(access, log.child({ reqId: "req-3" }, { level: "warn" }));
    log.level = "warn";
    byAccessLog(access, log, "req-4");
    stream.end();
    expect(written()).toEqual([]);
  });

  it("waits in the buffer after a warning, as pino's own info lines do", () => {
    const { log, written } = fileLogger();
    const access = new AccessLog(log);
    log.warn("written at once");
    byAccessLog(access, log, "req-5");
    expect(written().map((line) => JSON.parse(line).msg)).toEqual(["written at once"]);
  });

  it("follows the logger's other settings, or goes through pino when it cannot form the line so", () => {
    const cases: [pino.LoggerOptions, "direct" | "through pino"][] = [
      [{ messageKey: "message" }, "direct"],
      [{ formatters: { level: (label) => ({ level: label }) } }, "direct"],
      [{ base: { service: "kindred" } }, "direct"],
      [{ mixin: () => ({ instance: "a" }) }, "through pino"],
      [{ formatters: { log: (obj) => ({ ...obj, extra: true }) } }, "through pino"],
      [{ redact: ["url"] }, "through pino"],
      [{ msgPrefix: "[http] " }, "through pino"],
    ];
    for (const [opts, way] of cases) {
      const { log, stream, written } = fileLogger(opts);
      byPino(log, "req-6");
      const info = vi.spyOn(log, "info");
      byAccessLog(new AccessLog(log), log, "req-6");
      expect(info.mock.calls.length ? "through pino" : "direct", JSON.stringify(opts)).toBe(way);
      stream.end();
      const [expected, actual] = written();
      expect(actual).toBe(expected);
    }
  });

  it("is formed directly on the logger the server gives the app", async () => {
    const file = path.join(dir, "app.log");
    const fd = fs.openSync(file, "w");
    const stream = new BufferedLogStream({ fd, maxDelayMs: 60_000 });
    const { app: built } = await createTestApp({ logger: { level: "info", stream } });
    const info = vi.spyOn(built.log, "info");
    new AccessLog(built.log).write(built.log, "GET", "/api/user", 401, 0.1, "req-7");
    expect(info).not.toHaveBeenCalled();
    stream.end();
    const [line] = fs.readFileSync(file, "utf8").split("\n");
    expect(JSON.parse(line ?? "")).toMatchObject({ reqId: "req-7", url: "/api/user", statusCode: 401 });
    await built.close();
  });
});
