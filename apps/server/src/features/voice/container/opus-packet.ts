import { expect } from "./recording-error.ts";

// RFC 6716 §3.1: the TOC byte's config gives the frame length, its last two bits the frame count.
const SILK_MS = [10, 20, 40, 60];
const HYBRID_MS = [10, 20];
const CELT_MS = [2.5, 5, 10, 20];

/** How long one Opus packet plays, in milliseconds, from its first bytes. */
export function opusPacketMs(packet: Uint8Array): number {
  const toc = packet[0];
  expect(toc !== undefined);
  const config = toc >> 3;
  const frameMs =
    config < 12
      ? (SILK_MS[config & 3] as number)
      : config < 16
        ? (HYBRID_MS[config & 1] as number)
        : (CELT_MS[config & 3] as number);
  const code = toc & 3;
  let frames = code === 0 ? 1 : 2;
  if (code === 3) {
    const count = packet[1];
    expect(count !== undefined);
    frames = count & 0x3f;
  }
  const ms = frames * frameMs;
  // A packet holds at most 120 ms of audio.
  expect(frames > 0 && ms <= 120);
  return ms;
}
