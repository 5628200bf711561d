import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/app.ts";
import { captureLogLines } from "../test/log-lines.ts";

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
