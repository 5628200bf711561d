// The only reader of process.env. Parsed once; a bad value stops start-up with a clear message.
// Paths are configuration: a relative one is read from the working directory, and the defaults are
// the repository's layout seen from its root (where `npm start` and every server script run), never
// from where this file happens to be (a bundle in dist/ or the source under src/).
import path from "node:path";
import { z } from "zod";

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const list = (v: string) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** An https origin, normalised (scheme://host[:port], no path), as a push endpoint's origin is compared. */
const httpsOrigin = z
  .string()
  .refine(
    (v) => URL.canParse(v) && new URL(v).protocol === "https:",
    "an https origin, e.g. https://127.0.0.1:8443",
  )
  .transform((v) => new URL(v).origin);

const base64urlBytes = (v: string) =>
  /^[A-Za-z0-9_-]+=*$/.test(v) ? Buffer.from(v, "base64url").length : -1;

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default("0.0.0.0"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** PGlite's database (pglite/) and uploaded photos (photos/). */
  DATA_DIR: z.string().default("data"),
  /** The SQL migrations (drizzle-kit's output), applied at start-up. */
  MIGRATIONS_DIR: z.string().default("apps/server/drizzle"),
  /**
   * A migrated, empty PGlite database made by the server's build. A new DATA_DIR starts as a copy of it
   * instead of running initdb (~5 s and ~800 MiB that the process never gives back); without it, initdb.
   */
  PGLITE_TEMPLATE: z.string().default("apps/server/dist/pglite-template"),
  /**
   * PGlite's buffer cache. PGlite zeroes all of it at start, so it is resident from the first second:
   * PostgreSQL's 128MB would put the server over 400 MiB; the OS page cache still holds the files.
   */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, "a size such as 64MB")
    .default("64MB"),
  DATABASE_URL: optionalText,
  REDIS_URL: optionalText,
  /** Prefix of every Redis key and channel, so that several deployments (or test files) can share one. */
  REDIS_PREFIX: z.string().default("kindred:"),
  /** Presence expires this long after a user's last heartbeat (DECISIONS: 45 s). Shorter only in tests. */
  PRESENCE_TTL_MS: z.coerce.number().int().min(50).default(45_000),
  /**
   * With Redis: an instance that has not refreshed its heartbeat for this long is taken for crashed,
   * and the others reclaim its call rooms and presence. Shorter only in tests.
   */
  INSTANCE_TTL_MS: z.coerce.number().int().min(150).default(6_000),
  /** Multiplies every call length and the 60 s counting threshold. For demos and tests only, never production. */
  CALL_TIME_SCALE: z.coerce.number().positive().max(1).default(1),
  /** How often each instance's clock ends overdue calls and misses unanswered ones. */
  CALL_SWEEP_MS: z.coerce.number().int().min(50).default(1_000),
  /** An active call ends when a participant has been out of its room this long (DECISIONS: 20 s). */
  CALL_PEER_GONE_MS: z.coerce.number().int().min(50).default(20_000),
  /**
   * STUN servers handed to browsers (comma-separated); empty for none. Two of SPEC §9's five: Firefox
   * warns that five or more slow discovery down, and a second is enough to survive one being down.
   */
  STUN_URLS: z.string().default("stun:stun.l.google.com:19302,stun:stun1.l.google.com:19302").transform(list),
  /** TURN relay URLs (comma-separated), with coturn's use-auth-secret shared secret. */
  TURN_URLS: z.string().default("").transform(list),
  TURN_SECRET: optionalText,
  /** Unset: "relay" when TURN is configured (no one learns the other's address), else "all". */
  ICE_TRANSPORT_POLICY: z.enum(["all", "relay"]).optional(),
  /** The server pings every socket this often and drops one that missed the previous pong. */
  WS_PING_INTERVAL_MS: z.coerce.number().int().min(50).default(15_000),
  /** Accounts one address may create per hour. */
  SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Photos one person may upload per hour. */
  PHOTO_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  VOICE_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Times one person may look for new matches per hour. */
  MATCH_GENERATIONS_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** Load shedding: past this event-loop delay, requests get 503 with Retry-After instead of queueing (0: off). */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1_000),
  /** How often the event loop's delay is sampled for load shedding. */
  LOAD_SAMPLE_INTERVAL_MS: z.coerce.number().int().min(10).default(1_000),
  /** On SIGTERM, how long readiness fails before the server stops accepting (the balancer's check interval). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(5_000),
  /** Public origin (scheme://host[:port]) accepted on cookie-authenticated writes, besides the Host. */
  PUBLIC_ORIGIN: optionalText,
  TRUST_PROXY: z.stringbool().default(false),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: z.string().default("https://accounts.google.com"),
  /** Where the web app sends page views (read at build time by Vite); the CSP lets the page reach it. */
  VITE_ANALYTICS_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** The built web app (vite build's output), served with the API. */
  WEB_DIST: z.string().default("apps/web/dist"),
  /** Web Push's VAPID key pair (base64url, as web-push makes them), both or neither; neither: made once, kept in the database. */
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  /** Who push services may contact about this sender: mailto: or https:. Unset: PUBLIC_ORIGIN when https, else a mailto:. */
  VAPID_SUBJECT: optionalText.pipe(
    z
      .string()
      .regex(/^(mailto:|https:)/, "a mailto: or https: address")
      .optional(),
  ),
  /**
   * Origins a push subscription may point at besides the known push services (comma-separated https
   * origins, e.g. https://127.0.0.1:8443): tests and self-hosted push services. Anything else is refused.
   */
  PUSH_ENDPOINT_ALLOW: z.string().default("").transform(list).pipe(z.array(httpsOrigin)),
  /** How often each instance sends the push outbox's due rows (a decided push is also sent at once). */
  PUSH_SWEEP_MS: z.coerce.number().int().min(20).default(1_000),
  /**
   * Where mail goes: smtp:// or smtps://user:pass@host:port. Unset: mail is kept, never sent, and shown
   * at /dev/mailbox to this machine only (the development mailbox).
   */
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "an smtp:// or smtps:// URL")
      .optional(),
  ),
  /** The From of every mail. */
  MAIL_FROM: z.string().default("Kindred <no-reply@kindred.local>"),
  /** How often each instance sends the mail outbox's due rows (a mail queued is also sent at once). */
  MAIL_SWEEP_MS: z.coerce.number().int().min(20).default(5_000),
});

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema
    .refine((e) => !e.VAPID_PUBLIC_KEY === !e.VAPID_PRIVATE_KEY, {
      path: ["VAPID_PRIVATE_KEY"],
      message: "set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together, or neither",
    })
    .refine((e) => !e.VAPID_PUBLIC_KEY || base64urlBytes(e.VAPID_PUBLIC_KEY) === 65, {
      path: ["VAPID_PUBLIC_KEY"],
      message: "a P-256 public key in base64url (65 bytes), as `npx web-push generate-vapid-keys` prints it",
    })
    .refine((e) => !e.VAPID_PRIVATE_KEY || base64urlBytes(e.VAPID_PRIVATE_KEY) === 32, {
      path: ["VAPID_PRIVATE_KEY"],
      message: "a P-256 private key in base64url (32 bytes), as `npx web-push generate-vapid-keys` prints it",
    })
    .safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const { DATA_DIR, MIGRATIONS_DIR, PGLITE_TEMPLATE, WEB_DIST } = parsed.data;
  return {
    ...parsed.data,
    DATA_DIR: path.resolve(DATA_DIR),
    MIGRATIONS_DIR: path.resolve(MIGRATIONS_DIR),
    PGLITE_TEMPLATE: path.resolve(PGLITE_TEMPLATE),
    WEB_DIST: path.resolve(WEB_DIST),
  };
}
