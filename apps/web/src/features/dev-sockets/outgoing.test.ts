import { MAX_FRAME_BYTES } from "@kindred/shared/socket-limits";
import { describe, expect, it } from "vitest";
import { checkOutgoing, EMPTY_MESSAGE, NOT_CONNECTED, NOT_JSON, readId, readOptionalId } from "./outgoing";

/** A JSON message of exactly `bytes` UTF-8 bytes. */
function messageOf(bytes: number, filler = "a") {
  const frame = (pad: string) => JSON.stringify({ type: "ping", pad });
  const overhead = new TextEncoder().encode(frame("")).length;
  const unit = new TextEncoder().encode(filler).length;
  return frame(filler.repeat((bytes - overhead) / unit));
}

describe("checkOutgoing", () => {
  it("refuses an empty or blank message first, connected or not", () => {
    expect(checkOutgoing("", true)).toEqual({ ok: false, error: EMPTY_MESSAGE });
    expect(checkOutgoing("  \n\t", false)).toEqual({ ok: false, error: "Message cannot be empty" });
  });

  it("refuses anything while the socket is not open", () => {
    expect(checkOutgoing('{"type":"ping"}', false)).toEqual({
      ok: false,
      error: "WebSocket is not connected",
    });
    expect(NOT_CONNECTED).toBe("WebSocket is not connected");
  });

  it("sends a message of exactly 16,384 bytes and refuses one byte more, counting UTF-8 bytes", () => {
    const atLimit = messageOf(MAX_FRAME_BYTES);
    expect(checkOutgoing(atLimit, true)).toEqual({ ok: true, text: atLimit });
    const over = checkOutgoing(messageOf(MAX_FRAME_BYTES + 1), true);
    expect(over).toEqual({
      ok: false,
      error: "Message not sent: it is 16,385 bytes, over the 16,384-byte limit",
    });
    // Two-byte characters: under the limit counted in characters, over it counted in bytes.
    const accented = messageOf(MAX_FRAME_BYTES + 2, "é");
    expect(accented.length).toBeLessThan(MAX_FRAME_BYTES);
    expect(checkOutgoing(accented, true).ok).toBe(false);
  });

  it("refuses text that is not JSON, and leaves protocol checks to the server", () => {
    expect(checkOutgoing("{type: ping}", true)).toEqual({ ok: false, error: NOT_JSON });
    expect(checkOutgoing('{"type":"no_such_type"}', true).ok).toBe(true);
    expect(checkOutgoing("[1, 2]", true).ok).toBe(true);
  });
});

describe("readId", () => {
  it("reads a blank optional id as unset and a blank required one as missing", () => {
    expect(readOptionalId("  ", "Target user id")).toEqual({ ok: true, value: undefined });
    expect(readOptionalId("7", "Target user id")).toEqual({ ok: true, value: 7 });
    expect(readOptionalId("x", "Target user id").ok).toBe(false);
    expect(readId("", "Call id")).toEqual({ ok: false, error: "Call id is required" });
  });

  it("accepts whole numbers from 1 to the largest database id", () => {
    expect(readId(" 42 ", "Call id")).toEqual({ ok: true, value: 42 });
    expect(readId("2147483647", "Call id")).toEqual({ ok: true, value: 2_147_483_647 });
    for (const bad of ["0", "-3", "1.5", "1e3", "abc", "2147483648"]) {
      expect(readId(bad, "Call id")).toEqual({
        ok: false,
        error: "Call id must be a whole number from 1 to 2,147,483,647",
      });
    }
  });
});
