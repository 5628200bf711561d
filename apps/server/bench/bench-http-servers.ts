// The servers `npm run bench:http` measures, each in its own process: the app as production starts it,
// the reference (a minimal Fastify app answering the same bytes from memory) and bare node:http.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { API_HEADERS } from "../src/plugins/security-headers.ts";
import { type NodeBinary, SERVER_ENTRY, serverNodeArgs } from "./node-versions.ts";

/** The auth hook's answer to a request without a session. */
export const REFUSAL_BODY = '{"message":"Please sign in to continue."}';

/**
 * The reference: the same Fastify and pino as the app, pino's own destination, one access line per
 * request through an onResponse hook, the API's headers, and a handler that sends bytes it holds. What
 * the app costs beyond this is the app's own code.
 */
const REFERENCE_SERVER = `
import Fastify from "fastify";
const headers = JSON.parse(process.env.BENCH_HEADERS);
const body = process.env.BENCH_BODY;
const refusal = process.env.BENCH_REFUSAL;
const app = Fastify({ logger: { level: "info" }, disableRequestLogging: true });
app.addHook("onResponse", (request, reply, done) => {
  const query = request.url.indexOf("?");
  const url = query === -1 ? request.url : request.url.slice(0, query);
  reply.log.info({ method: request.method, url, statusCode: reply.statusCode, responseTime: reply.elapsedTime }, "request completed");
  done();
});
app.get("/api/user", (request, reply) => {
  reply.headers(headers).type("application/json; charset=utf-8");
  if (request.headers.cookie) return reply.send(body);
  return reply.code(401).send(refusal);
});
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
`;

/** Context only: node:http, one JSON body parsed once and serialised per request, as a handler would. */
const BARE_SERVER = `
import http from "node:http";
const body = JSON.parse(process.env.BENCH_BODY);
http
  .createServer((request, response) => {
    const json = JSON.stringify(body);
    response.writeHead(200, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(json),
    });
    response.end(json);
  })
  .listen(Number(process.env.PORT), "127.0.0.1");
`;

export interface Server {
  url: string;
  /** CPU time the server's process has used so far, in ms; null where /proc is missing. */
  cpuMs(): { user: number; system: number } | null;
  /**
   * The lines its stdout and stderr (the request log) got since the last call, which are then dropped:
   * the kernel's write-back of a big log would take CPU from the cases measured after it.
   */
  takeLogLines(): number;
  stop(): Promise<void>;
  signal(name: NodeJS.Signals): void;
  /** Where its stdout and stderr go. */
  logFile: string;
}

/** utime and stime from /proc/<pid>/stat (fields 14 and 15, in clock ticks: 100 a second on Linux). */
function cpuMsOf(pid: number | undefined): { user: number; system: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
  } catch {
    return null;
  }
}

/** Lines in the file, counted a megabyte at a time (one string cannot hold a big log). */
function lineCount(file: string): number {
  const fd = fs.openSync(file, "r");
  const chunk = Buffer.alloc(1 << 20);
  let lines = 0;
  try {
    for (let read = fs.readSync(fd, chunk); read > 0; read = fs.readSync(fd, chunk)) {
      for (let at = chunk.indexOf(10); at !== -1 && at < read; at = chunk.indexOf(10, at + 1)) lines += 1;
    }
  } finally {
    fs.closeSync(fd);
  }
  return lines;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once `url` answers (any status below 500), or fails when the child exits or a minute passes. */
async function waitUntilUp(child: ChildProcess, url: string, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const up = await fetch(url).then(
      (r) => r.status < 500,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const tail = fs.readFileSync(logFile, "utf8").split("\n").slice(-20).join("\n");
  throw new Error(`server did not come up at ${url}:\n${tail}`);
}

export async function startChild(
  command: string[],
  env: Record<string, string>,
  readyPath: string,
  dir: string,
  cwd = process.cwd(),
): Promise<Server> {
  const port = await freePort();
  const logFile = path.join(dir, `server-${port}.log`);
  // Appending, so the child's writes land at the start again once the file is emptied.
  const log = fs.openSync(logFile, "a");
  const [file, ...args] = command as [string, ...string[]];
  // The parent's environment (PATH…) without its database or Redis: each server gets exactly its own.
  const { DATABASE_URL: _d, REDIS_URL: _r, ...inherited } = process.env;
  const child = spawn(file, args, {
    cwd,
    env: { ...inherited, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", log, log],
  });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
  try {
    await waitUntilUp(child, url + readyPath, logFile);
  } catch (err) {
    await stop();
    throw err;
  }
  const takeLogLines = () => {
    const lines = lineCount(logFile);
    fs.truncateSync(logFile, 0);
    return lines;
  };
  return {
    url,
    takeLogLines,
    stop,
    cpuMs: () => cpuMsOf(child.pid),
    signal: (name) => child.kill(name),
    logFile,
  };
}

export interface AppOptions {
  env?: { DATABASE_URL?: string; REDIS_URL?: string; LOG_LEVEL?: string; SHUTDOWN_DRAIN_MS?: string };
  /** Another checkout of the repository, built, with its own node_modules (--before). */
  root?: string;
  /** Options for node before the start script's own, e.g. "--cpu-prof". */
  nodeArgs?: string[];
  /** The compiled server to run instead of apps/server/dist/server.js (from the root). */
  entry?: string;
  /** Its DATA_DIR, when the caller has put something there first; else a fresh one under `dir`. */
  dataDir?: string;
}

/**
 * The app as production runs it (NODE_ENV=production, info logs, the start script's node options,
 * the compiled server), under `node`, on its own data directory. BENCH_SERVER_ARGS adds node options,
 * e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" (profiles are written when the server stops).
 */
export function startApp(dir: string, node: NodeBinary, options: AppOptions = {}): Promise<Server> {
  const root = options.root ?? process.cwd();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(dir, "data-"));
  const appEnv: Record<string, string> = { NODE_ENV: "production", LOG_LEVEL: "info", DATA_DIR: dataDir };
  for (const [key, value] of Object.entries(options.env ?? {})) if (value) appEnv[key] = value;
  const extra = process.env.BENCH_SERVER_ARGS?.split(" ").filter(Boolean) ?? [];
  const args = [
    ...extra,
    ...(options.nodeArgs ?? []),
    ...serverNodeArgs(root),
    options.entry ?? SERVER_ENTRY,
  ];
  return startChild([node.path, ...args], appEnv, "/api/health", dir, root);
}

/** The minimal Fastify app answering `body` signed in (any cookie) and the refusal without one. */
export function startReference(dir: string, node: NodeBinary, body: string): Promise<Server> {
  const headers = { ...API_HEADERS, "cache-control": "no-store" };
  return startChild(
    [node.path, "--input-type=module", "--eval", REFERENCE_SERVER],
    { BENCH_BODY: body, BENCH_REFUSAL: REFUSAL_BODY, BENCH_HEADERS: JSON.stringify(headers) },
    "/api/user",
    dir,
  );
}

export function startBare(dir: string, node: NodeBinary, body: string): Promise<Server> {
  return startChild(
    [node.path, "--input-type=module", "--eval", BARE_SERVER],
    { BENCH_BODY: body },
    "/",
    dir,
  );
}

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "kindred-bench-http-"));
}

/** A database made for the run on that server; `drop` removes it (and any connection left to it). */
export async function freshPostgres(
  serverUrl: string,
  suffix = "",
): Promise<{ url: string; version: string; drop(): Promise<void> }> {
  const name = `kindred_bench_http_${process.pid}${suffix}`;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2_000 });
  await admin.connect();
  const version = String((await admin.query("SHOW server_version")).rows[0]?.server_version ?? "");
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    version: version.split(" ")[0] ?? version,
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Registers a person through the API; the session cookie it was given, and GET /api/user's body. */
export async function signUp(url: string): Promise<{ cookie: string; body: string }> {
  const registered = await fetch(`${url}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({
      username: "bench_http",
      password: "bench-http-password",
      email: "bench@example.com",
    }),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const cookie = registered.headers.getSetCookie().find((c) => c.startsWith("kindred_session="));
  if (!cookie) throw new Error("register set no session cookie");
  const pair = cookie.split(";")[0] as string;
  const me = await fetch(`${url}/api/user`, { headers: { cookie: pair } });
  if (me.status !== 200) throw new Error(`GET /api/user with the cookie: ${me.status}`);
  return { cookie: pair, body: await me.text() };
}
