/** sent/received are frames; info is the console's own note (connecting, closed and why). */
export type Direction = "sent" | "received" | "info";

export interface LogEntry {
  id: number;
  /** ms since epoch */
  at: number;
  direction: Direction;
  text: string;
  /** The sentence of a received `error` frame, shown above its JSON. */
  note?: string;
}

/** A chatty socket (presence, heartbeats) must not grow the page without end. */
export const LOG_LIMIT = 500;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** HH:MM:SS.mmm on the tester's own clock. */
export function formatClock(at: number): string {
  const d = new Date(at);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

export function appendEntry(
  entries: readonly LogEntry[],
  entry: LogEntry,
  limit = LOG_LIMIT,
): readonly LogEntry[] {
  const next = [...entries, entry];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The `data.message` of an `{type:"error"}` frame, if this is one. */
export function errorSentence(text: string): string | undefined {
  const frame = parseObject(text);
  if (frame?.type !== "error") return undefined;
  const data = frame.data as { message?: unknown } | undefined;
  return typeof data?.message === "string" ? data.message : undefined;
}

/** The round trip a `pong` reports for the `ping` whose timestamp it echoes, if this is one. */
export function roundTripOf(text: string, now = Date.now()): number | undefined {
  const frame = parseObject(text);
  if (frame?.type !== "pong" || typeof frame.timestamp !== "number") return undefined;
  return Math.max(0, now - frame.timestamp);
}
