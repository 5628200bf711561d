// npm run bench:push [-- --rounds 10]
// Issue 28: from the Call click (POST /api/calls) to the ring's push request arriving at the push
// endpoint, and from Cancel (PATCH status cancelled) to the 'Missed call' push under the same Topic.
// The real app runs on PGlite in a child process trusting a local HTTPS push endpoint
// (src/test/push-endpoint.ts), which checks the VAPID signature; every push is decrypted and its
// title checked. One matched pair a round (a caller rings one match at most 5 times in 10 minutes),
// after one unmeasured round that opens the server's TLS connection to the endpoint. Baselines from the
// same run: the POST /api/calls round trip alone, and web-push's sendNotification from this process
// straight to the endpoint (the encryption, VAPID signing and HTTPS POST a push costs, with no server).
/// <reference path="../src/test/http-ece.d.ts" />
// (the push endpoint decrypts with http_ece, which ships no types)
import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import webpush from "web-push";
import { makeSubscription, PUSH_ENDPOINT_CERT, startPushEndpoint } from "../src/test/push-endpoint.ts";
import type { PushCommands, PushPair } from "./bench-push-child.ts";
import { request } from "./soak-chat-http.ts";

const CHILD = fileURLToPath(new URL("./bench-push-child.ts", import.meta.url));
const TARGET_MS = 1_000;
const TIMEOUT_MS = 10_000;

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

/** The CA file the server must trust: the endpoint's certificate, beside one already named in the env. */
function extraCaCerts(dir: string): string {
  const existing = process.env.NODE_EXTRA_CA_CERTS;
  if (!existing || existing === PUSH_ENDPOINT_CERT) return PUSH_ENDPOINT_CERT;
  const bundle = path.join(dir, "extra-ca-certs.pem");
  fs.writeFileSync(
    bundle,
    `${fs.readFileSync(existing, "utf8")}\n${fs.readFileSync(PUSH_ENDPOINT_CERT, "utf8")}`,
  );
  return bundle;
}

/** The app in a child process, and calls into it over IPC (bench-push-child.ts). */
class Server {
  private next = 0;
  private pending = new Map<number, (reply: { result?: unknown; error?: string }) => void>();
  private readonly child: ChildProcess;

  constructor(caFile: string) {
    this.child = fork(CHILD, [], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: caFile },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    this.child.on("message", (reply: { id: number; result?: unknown; error?: string }) => {
      this.pending.get(reply.id)?.(reply);
      this.pending.delete(reply.id);
    });
  }

  call<K extends keyof PushCommands>(
    cmd: K,
    ...arg: Parameters<PushCommands[K]>
  ): Promise<Awaited<ReturnType<PushCommands[K]>>> {
    this.next += 1;
    const id = this.next;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (reply) =>
        reply.error === undefined
          ? resolve(reply.result as Awaited<ReturnType<PushCommands[K]>>)
          : reject(new Error(reply.error)),
      );
      this.child.send({ id, cmd, arg: arg[0] });
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 10_000);
    await this.call("stop").catch(() => undefined);
    await exited;
    clearTimeout(timer);
  }
}

interface Round {
  /** POST /api/calls sent → the ring's push request arrived at the endpoint. */
  clickToPush: number;
  /** POST /api/calls sent → its answer. */
  post: number;
  /** PATCH cancelled sent → the 'Missed call' push arrived. */
  cancelToMissed: number;
  patch: number;
  /** sendNotification from this process → the push arrived (same endpoint, same payload). */
  direct: number;
  /** The ring's push arrived before the POST's answer. */
  pushFirst: boolean;
}

type Endpoint = Awaited<ReturnType<typeof startPushEndpoint>>;

interface Context {
  url: string;
  endpoint: Endpoint;
  /** This process's own VAPID keys, and a kept-alive agent trusting the endpoint, as the server's sender has. */
  vapid: { subject: string; publicKey: string; privateKey: string };
  agent: https.Agent;
}

const json = (cookie: string) => ({ cookie, "content-type": "application/json" });

async function round(ctx: Context, pair: PushPair, i: number): Promise<Round> {
  const sub = makeSubscription(ctx.endpoint.origin, `receiver-${i}`);
  const subscribed = await request(`${ctx.url}/api/push/subscriptions`, {
    method: "POST",
    headers: json(pair.receiver.cookie),
    body: JSON.stringify(sub.subscription),
    timeoutMs: TIMEOUT_MS,
  });
  if (subscribed.status !== 201) throw new Error(`subscribe: ${subscribed.status} ${subscribed.text}`);
  const arrival = (count: number) =>
    ctx.endpoint.waitFor(sub.path, count, TIMEOUT_MS).then(() => performance.now());

  // The Call click.
  const ringArrives = arrival(1);
  const clicked = performance.now();
  const started = await request(`${ctx.url}/api/calls`, {
    method: "POST",
    headers: json(pair.caller.cookie),
    body: JSON.stringify({ matchId: pair.matchId }),
    timeoutMs: TIMEOUT_MS,
  });
  const answered = performance.now();
  if (started.status !== 201) throw new Error(`POST /api/calls: ${started.status} ${started.text}`);
  const callId = (JSON.parse(started.text) as { id: number }).id;
  const rang = await ringArrives;
  const [ring] = ctx.endpoint.to(sub.path);
  const ringText = sub.decrypt(ring?.body ?? Buffer.alloc(0));
  check(ring, ringText, `${pair.caller.username} is calling`, `call-${callId}`);

  // Cancel: the same notification becomes 'Missed call'.
  const missedArrives = arrival(2);
  const cancelled = performance.now();
  const patched = await request(`${ctx.url}/api/calls/${callId}`, {
    method: "PATCH",
    headers: json(pair.caller.cookie),
    body: JSON.stringify({ status: "cancelled" }),
    timeoutMs: TIMEOUT_MS,
  });
  const patchAnswered = performance.now();
  if (patched.status !== 200) throw new Error(`PATCH cancelled: ${patched.status} ${patched.text}`);
  const missedAt = await missedArrives;
  const missed = ctx.endpoint.to(sub.path)[1];
  check(
    missed,
    sub.decrypt(missed?.body ?? Buffer.alloc(0)),
    `Missed call from ${pair.caller.username}`,
    ring?.topic,
  );

  // Baseline: the same payload pushed straight from here.
  const direct = makeSubscription(ctx.endpoint.origin, `direct-${i}`);
  const directArrives = ctx.endpoint.waitFor(direct.path, 1, TIMEOUT_MS).then(() => performance.now());
  const sent = performance.now();
  await webpush.sendNotification(direct.subscription, ringText, {
    vapidDetails: ctx.vapid,
    TTL: 45,
    urgency: "high",
    topic: `call-${callId}`,
    contentEncoding: "aes128gcm",
    timeout: TIMEOUT_MS,
    agent: ctx.agent,
  });
  const directAt = await directArrives;
  if (direct.decrypt(ctx.endpoint.to(direct.path)[0]?.body ?? Buffer.alloc(0)) !== ringText)
    throw new Error("the direct push did not decrypt to its payload");

  return {
    clickToPush: rang - clicked,
    post: answered - clicked,
    cancelToMissed: missedAt - cancelled,
    patch: patchAnswered - cancelled,
    direct: directAt - sent,
    pushFirst: rang < answered,
  };
}

/** What a browser would show: the title, under the Topic that replaces the ring, VAPID-signed. */
function check(
  push: Endpoint["received"][number] | undefined,
  text: string,
  title: string,
  topic: string | undefined,
): void {
  const payload = JSON.parse(text) as { title?: string };
  if (!push?.vapidValid) throw new Error("a push without a valid VAPID signature");
  if (payload.title !== title) throw new Error(`pushed "${payload.title}", expected "${title}"`);
  if (push.topic !== topic) throw new Error(`Topic ${push.topic}, expected ${topic}`);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

function print(rows: Round[], warmUp: Round, loadBefore: string) {
  console.log(
    `\nPush: ${rows.length} rounds, one matched pair each, the app on PGlite in a child process, a local HTTPS` +
      ` push endpoint. ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), Node ${process.version},` +
      ` load average ${loadBefore} → ${load()}.\n`,
  );
  const lines: [string, (r: Round) => number][] = [
    ["Call click → ring push arrives", (r) => r.clickToPush],
    ["Cancel → 'Missed call' push arrives", (r) => r.cancelToMissed],
    ["baseline: POST /api/calls round trip", (r) => r.post],
    ["baseline: PATCH cancelled round trip", (r) => r.patch],
    ["baseline: sendNotification from here → arrives", (r) => r.direct],
  ];
  const head = ["", "median", "p95", "warm-up round"];
  const cells = lines.map(([label, pick]) => {
    const values = rows.map(pick);
    return [label, ms(percentile(values, 50)), ms(percentile(values, 95)), ms(pick(warmUp))];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] as string).length)));
  for (const line of [head, ...cells])
    console.log(line.map((c, i) => c.padEnd(widths[i] as number)).join("  "));
  const median = percentile(
    rows.map((r) => r.clickToPush),
    50,
  );
  console.log(
    `\nThe ring's push arrived before the POST's answer in ${rows.filter((r) => r.pushFirst).length} of ${rows.length} rounds.` +
      ` The warm-up round (not counted) opens the server's TLS connection to the endpoint.` +
      `\nTarget: the push request arrives within ${TARGET_MS / 1000} s of the Call click: median ${ms(median)}:` +
      ` ${median <= TARGET_MS ? "MET" : "NOT MET"}.`,
  );
}

async function main() {
  const rounds = flag("--rounds", 10);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "kindred-bench-push-ca-"));
  const endpoint = await startPushEndpoint();
  const server = new Server(extraCaCerts(scratch));
  const agent = new https.Agent({ keepAlive: true, ca: fs.readFileSync(PUSH_ENDPOINT_CERT) });
  try {
    const { url, pairs } = await server.call("start", {
      pairs: rounds + 1,
      pushEndpointAllow: endpoint.origin,
    });
    const vapid = { subject: "mailto:bench@example.com", ...webpush.generateVAPIDKeys() };
    const ctx: Context = { url, endpoint, vapid, agent };
    const loadBefore = load();
    const [first, ...rest] = pairs;
    if (!first) throw new Error("no pairs");
    const warmUp = await round(ctx, first, 0);
    const rows: Round[] = [];
    for (const [i, pair] of rest.entries()) rows.push(await round(ctx, pair, i + 1));
    print(rows, warmUp, loadBefore);
  } finally {
    agent.destroy();
    await server.stop();
    await endpoint.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
