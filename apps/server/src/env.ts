// The only reader of process.env. Parsed once; a bad value stops start-up with a clear message.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const list = (v: string) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default("0.0.0.0"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATA_DIR: z.string().default(path.join(repoRoot, "data")),
  DATABASE_URL: optionalText,
  REDIS_URL: optionalText,
  /** Prefix of every Redis key and channel, so that several deployments (or test files) can share one. */
  REDIS_PREFIX: z.string().default("kindred:"),
  /** Presence expires this long after a user's last heartbeat (DECISIONS: 45 s). Shorter only in tests. */
  PRESENCE_TTL_MS: z.coerce.number().int().min(50).default(45_000),
  /** Multiplies every call length and the 60 s counting threshold. For demos and tests only, never production. */
  CALL_TIME_SCALE: z.coerce.number().positive().max(1).default(1),
  /** How often each instance's clock ends overdue calls and misses unanswered ones. */
  CALL_SWEEP_MS: z.coerce.number().int().min(50).default(1_000),
  /** An active call ends when a participant has been out of its room this long (DECISIONS: 20 s). */
  CALL_PEER_GONE_MS: z.coerce.number().int().min(50).default(20_000),
  /** STUN servers handed to browsers (comma-separated); empty for none. Default: SPEC §9's five public ones. */
  STUN_URLS: z
    .string()
    .default(
      "stun:stun.l.google.com:19302,stun:stun1.l.google.com:19302,stun:stun2.l.google.com:19302,stun:stun3.l.google.com:19302,stun:stun4.l.google.com:19302",
    )
    .transform(list),
  /** TURN relay URLs (comma-separated), with coturn's use-auth-secret shared secret. */
  TURN_URLS: z.string().default("").transform(list),
  TURN_SECRET: optionalText,
  /** "relay" forces every call through TURN (tests, diagnosis). */
  ICE_TRANSPORT_POLICY: z.enum(["all", "relay"]).default("all"),
  /** The server pings every socket this often and drops one that missed the previous pong. */
  WS_PING_INTERVAL_MS: z.coerce.number().int().min(50).default(15_000),
  /** Public origin (scheme://host[:port]) accepted on cookie-authenticated writes, besides the Host. */
  PUBLIC_ORIGIN: optionalText,
  TRUST_PROXY: z.stringbool().default(false),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: z.string().default("https://accounts.google.com"),
  /** Where the web app sends page views (read at build time by Vite); the CSP lets the page reach it. */
  VITE_ANALYTICS_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  WEB_DIST: z.string().default(path.join(repoRoot, "apps/web/dist")),
});

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(repoRoot, parsed.data.DATA_DIR) };
}
