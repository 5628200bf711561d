// A push service on 127.0.0.1 for tests (Vitest, and the browser tests' server): HTTPS with the
// throw-away certificate in fixtures/ (trusted through NODE_EXTRA_CA_CERTS, see global-setup.ts), and
// it checks what a real one would: the VAPID signature, the headers, and a body it can decrypt.
import { createECDH, createPublicKey, type ECDH, randomBytes, verify } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { decrypt } from "http_ece";

const fixtures = path.join(import.meta.dirname, "fixtures");
/** The certificate the endpoint presents (for IP 127.0.0.1, valid until 2126): what a test process must trust. */
export const PUSH_ENDPOINT_CERT = path.join(fixtures, "push-endpoint.crt");
const PUSH_ENDPOINT_KEY = path.join(fixtures, "push-endpoint.key");

export interface ReceivedPush {
  path: string;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  encoding: string | undefined;
  /** The VAPID key the sender signed with (`k=`, base64url). */
  vapidKey: string | undefined;
  /** The JWT's signature verifies with `vapidKey`, its aud is this endpoint's origin and it has not expired. */
  vapidValid: boolean;
  vapidSubject: string | undefined;
  body: Buffer;
  /** What the endpoint answered. */
  status: number;
}

const b64url = (b: Buffer) => b.toString("base64url");

/** A browser's side of a subscription: keys the test owns, and the decryption only they allow. */
export function makeSubscription(endpointBase: string, name = randomBytes(6).toString("hex")) {
  const ecdh: ECDH = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    subscription: {
      endpoint: `${endpointBase}/push/${name}`,
      keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
    },
    path: `/push/${name}`,
    decrypt: (body: Buffer): string =>
      decrypt(body, { version: "aes128gcm", privateKey: ecdh, authSecret: auth }).toString("utf8"),
  };
}

/** Checks `vapid t=<jwt>, k=<key>`: ES256 over the raw P-256 key, aud, exp. */
function checkVapid(authorization: string | undefined, origin: string) {
  const t = /(?:^|[\s,])t=([^,\s]+)/.exec(authorization ?? "")?.[1];
  const k = /(?:^|[\s,])k=([^,\s]+)/.exec(authorization ?? "")?.[1];
  if (!authorization?.startsWith("vapid ") || !t || !k) return { valid: false, key: k, subject: undefined };
  const [header, claims, signature] = t.split(".");
  const raw = Buffer.from(k, "base64url");
  if (!header || !claims || !signature || raw.length !== 65 || raw[0] !== 4)
    return { valid: false, key: k, subject: undefined };
  const publicKey = createPublicKey({
    format: "jwk",
    key: { kty: "EC", crv: "P-256", x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) },
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  const alg = JSON.parse(Buffer.from(header, "base64url").toString()).alg;
  const c = JSON.parse(Buffer.from(claims, "base64url").toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  const fresh = typeof c.exp === "number" && c.exp * 1000 > Date.now();
  return { valid: signed && alg === "ES256" && c.aud === origin && fresh, key: k, subject: c.sub };
}

export type PushEndpoint = Awaited<ReturnType<typeof startPushEndpoint>>;

/**
 * Starts the endpoint on 127.0.0.1 (on `port`, or a free one). It answers 201 unless told otherwise for
 * a path.
 */
export async function startPushEndpoint(options: { port?: number } = {}) {
  const received: ReceivedPush[] = [];
  const scripted = new Map<string, { status: number; headers: Record<string, string> }[]>();
  const waiters = new Set<() => void>();
  let origin = "";

  const server = https.createServer(
    { cert: fs.readFileSync(PUSH_ENDPOINT_CERT), key: fs.readFileSync(PUSH_ENDPOINT_KEY) },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const reqPath = req.url ?? "/";
        const answer = scripted.get(reqPath)?.shift() ?? { status: 201, headers: {} };
        const vapid = checkVapid(req.headers.authorization, origin);
        const header = (name: string) => req.headers[name] as string | undefined;
        received.push({
          path: reqPath,
          ttl: Number(header("ttl")),
          urgency: header("urgency"),
          topic: header("topic"),
          encoding: header("content-encoding"),
          vapidKey: vapid.key,
          vapidValid: vapid.valid,
          vapidSubject: vapid.subject,
          body: Buffer.concat(chunks),
          status: answer.status,
        });
        res.writeHead(answer.status, answer.headers).end();
        for (const wake of [...waiters]) wake();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** https://127.0.0.1:<port>: what PUSH_ENDPOINT_ALLOW must list. */
    origin,
    received,
    /** The requests to `path` so far. */
    to: (p: string) => received.filter((r) => r.path === p),
    /** Answers the next requests to `path` with these statuses (then 201 again). */
    answer(p: string, ...answers: (number | { status: number; headers: Record<string, string> })[]) {
      const queue = scripted.get(p) ?? [];
      for (const a of answers) queue.push(typeof a === "number" ? { status: a, headers: {} } : a);
      scripted.set(p, queue);
    },
    /** Resolves once `count` requests to `path` have arrived (or fails after `timeoutMs`). */
    waitFor(p: string, count = 1, timeoutMs = 10_000): Promise<ReceivedPush[]> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const got = received.filter((r) => r.path === p);
          if (got.length < count) return;
          finish();
          resolve(got);
        };
        const timer = setTimeout(() => {
          finish();
          reject(
            new Error(`push endpoint: ${received.filter((r) => r.path === p).length} of ${count} to ${p}`),
          );
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
