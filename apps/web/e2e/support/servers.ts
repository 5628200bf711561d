import fs from "node:fs";

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
/** UDP ports coturn relays through, 100 per run. */
export const RELAY_MIN_PORT = 49152 + (PORT % 100) * 100;

/** The apps' CALL_TIME_SCALE: a first call lasts 15 s and counts once it has been active 3 s. */
export const CALL_TIME_SCALE = 0.05;
