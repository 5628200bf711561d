import { MAX_FRAME_BYTES, utf8Bytes } from "@kindred/shared/socket-limits";

/** SPEC §5 "Test page messages". */
export const EMPTY_MESSAGE = "Message cannot be empty";
export const NOT_CONNECTED = "WebSocket is not connected";
export const NOT_JSON = "Message is not valid JSON";

/** Postgres `integer`: the largest id the server's schemas accept. */
const MAX_ID = 2_147_483_647;

export type Outgoing = { ok: true; text: string } | { ok: false; error: string };

const count = (n: number) => n.toLocaleString("en-GB");

/**
 * What a console refuses to send, in the order a tester would fix it. The size is counted in UTF-8
 * bytes, as the server counts it, so a message the console sends is never refused for its size.
 */
export function checkOutgoing(text: string, connected: boolean): Outgoing {
  if (text.trim() === "") return { ok: false, error: EMPTY_MESSAGE };
  if (!connected) return { ok: false, error: NOT_CONNECTED };
  const bytes = utf8Bytes(text);
  if (bytes > MAX_FRAME_BYTES) {
    return {
      ok: false,
      error: `Message not sent: it is ${count(bytes)} bytes, over the ${count(MAX_FRAME_BYTES)}-byte limit`,
    };
  }
  try {
    JSON.parse(text);
  } catch {
    return { ok: false, error: NOT_JSON };
  }
  return { ok: true, text };
}

export type Read<T> = { ok: true; value: T } | { ok: false; error: string };

/** An id typed by a tester: a whole number the server's schemas accept. */
export function readId(text: string, label: string): Read<number> {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, error: `${label} is required` };
  const value = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || value < 1 || value > MAX_ID) {
    return { ok: false, error: `${label} must be a whole number from 1 to ${count(MAX_ID)}` };
  }
  return { ok: true, value };
}

/** The same, where blank means "leave it out of the frame". */
export function readOptionalId(text: string, label: string): Read<number | undefined> {
  return text.trim() === "" ? { ok: true, value: undefined } : readId(text, label);
}
