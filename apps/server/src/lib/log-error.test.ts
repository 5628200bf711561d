import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/app.ts";
import { errorForLog } from "./log-error.ts";

const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
const { app } = await createTestApp({ logger: { level: "error", stream } });

const SECRET = "5f2b0c-session-token-hash";
// A query that fails on its parameter, and whose database message quotes it.
app.get("/api/test/failing-query", { config: { public: true } }, async () => {
  await app.db.execute(sql`select ${SECRET}::int`);
  return { ok: true };
});

describe("error logs", () => {
  it("carry the failing query's text and code, never its parameters", async () => {
    const res = await app.inject({ method: "GET", url: "/api/test/failing-query" });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe("Something went wrong on our side. Please try again.");
    const logged = lines.join("\n");
    expect(logged).toContain("unhandled error");
    expect(logged).toContain("select $1::int");
    expect(logged).toContain('"code":"22P02"');
    expect(logged).not.toContain(SECRET);
  });

  it("keep an ordinary error's message and stack", () => {
    const logged = errorForLog(new TypeError("no such thing", { cause: new Error("underneath") }));
    expect(logged).toMatchObject({
      type: "TypeError",
      message: "no such thing",
      cause: { type: "Error", message: "underneath" },
    });
    expect((logged as { stack: string }).stack).toContain("log-error.test.ts");
  });
});
