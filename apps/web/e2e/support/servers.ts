import fs from "node:fs";
import { fileURLToPath } from "node:url";

// The servers a browser-test run starts (playwright.config.ts) and the specs reach. Everything derives
// from E2E_PORT, so that two runs on one machine never share a port or a database.

export const PORT = Number(process.env.E2E_PORT ?? 5055);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

/** Debian's coturn: when installed (.ci/run installs it), a second app forces every call through it. */
export const HAS_TURN = fs.existsSync("/usr/bin/turnserver");
export const TURN_PORT = 3400 + (PORT % 100);
export const TURN_SECRET = "kindred-e2e-turn-secret";
export const RELAY_PORT = PORT + 1;
export const RELAY_BASE_URL = `http://127.0.0.1:${RELAY_PORT}`;
/**
 * UDP ports coturn relays through, 300 per run: each ringing link pre-gathers a pool of candidates,
 * and allocations outlive the calls of a run (100 ran dry once).
 */
export const RELAY_MIN_PORT = 49152 + (PORT % 50) * 300;
export const RELAY_MAX_PORT = RELAY_MIN_PORT + 299;

/** The apps' CALL_TIME_SCALE: a first call lasts 15 s and counts once it has been active 3 s. */
export const CALL_TIME_SCALE = 0.05;

/** Ports the Fetch standard blocks (Chromium and Node's fetch refuse them), e.g. 5060/5061 (SIP). */
const BAD_PORTS = new Set([5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6697, 10080]);

/**
 * Push endpoints a spec serves itself (a stubbed subscription, or a local HTTPS endpoint that decrypts):
 * four ports clear of PORT+1..+22, which the app accepts through PUSH_ENDPOINT_ALLOW.
 */
export const PUSH_ENDPOINT_PORTS = Array.from({ length: 8 }, (_, i) => PORT + 24 + i)
  .filter((port) => !BAD_PORTS.has(port))
  .slice(0, 4);
/** The certificate of the test push endpoint (apps/server/src/test/push-endpoint.ts), which the app trusts. */
export const PUSH_ENDPOINT_CA = fileURLToPath(
  new URL("../../../server/src/test/fixtures/push-endpoint.crt", import.meta.url),
);

/** The environment every browser-test app runs with (playwright.config.ts, and specs that start their own). */
export const APP_ENV: Record<string, string> = {
  HOST: "127.0.0.1",
  NODE_ENV: "test",
  LOG_LEVEL: "warn",
  // Calls: a 15 s first call (and 3 s to count) so a browser test can run one to its deadline;
  // no public STUN servers, which this closed network cannot reach (host candidates suffice on loopback).
  CALL_TIME_SCALE: String(CALL_TIME_SCALE),
  // Every browser test signs up from 127.0.0.1: the per-address sign-up limit would stop the suite.
  SIGNUPS_PER_ADDRESS_PER_HOUR: "100000",
  // No load shedding, as in the unit tests (generous-limits.ts): the server shares this machine with the
  // browsers, and a 503 for a page or a hang-up while the machine is busy tells nothing about the app.
  MAX_EVENT_LOOP_DELAY_MS: "0",
  STUN_URLS: "",
  // Web Push: the app posts only to known push services, plus these (loopback endpoints of the specs').
  PUSH_ENDPOINT_ALLOW: PUSH_ENDPOINT_PORTS.map((port) => `https://127.0.0.1:${port}`).join(","),
  NODE_EXTRA_CA_CERTS: PUSH_ENDPOINT_CA,
};

/** The app the mail specs start with SMTP_URL set to a test SMTP server of their own. */
export const MAIL_APP_PORT = PORT + 40;
/** The moderation spec's app: on PostgreSQL and Redis, so `npm run moderators` can run beside it. */
export const MODERATION_APP_PORT = PORT + 41;

/** A port for a spec that starts (and restarts) an app of its own, clear of the shared app and the relay app. */
export const OWN_APP_PORT = PORT + 2;

const [failoverA, failoverB, front, cutApp] = Array.from({ length: 20 }, (_, i) => PORT + 3 + i).filter(
  (port) => !BAD_PORTS.has(port),
) as [number, number, number, number];

/** Two instances on PostgreSQL and Redis, and the failover front the pages reach them through. */
export const FAILOVER_PORTS = [failoverA, failoverB] as const;
export const FAILOVER_FRONT_PORT = front;

/** A relay-only app and a coturn of its own, which the media-cut spec stops and starts. */
export const CUT_APP_PORT = cutApp;
export const CUT_TURN_PORT = 3500 + (PORT % 100);
/** The cut's coturn relays through 100 ports of its own, below the shared relay's. */
export const CUT_RELAY_PORTS = [40000 + (PORT % 100) * 100, 40000 + (PORT % 100) * 100 + 99] as const;

// Debian's Chromium (`npx playwright install` cannot work on these machines), see ARCHITECTURE.md.
export const CHROMIUM_BASE_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  "--use-fake-device-for-media-stream",
  "--allow-loopback-in-peer-connection",
];
/** Every page may use the (fake) microphone without a prompt. */
export const CHROMIUM_ARGS = [...CHROMIUM_BASE_ARGS, "--use-fake-ui-for-media-stream"];
/** A browser whose pages were never allowed the microphone: each request is refused, as 'Block' would. */
export const CHROMIUM_NO_MIC_ARGS = [...CHROMIUM_BASE_ARGS, "--deny-permission-prompts"];
