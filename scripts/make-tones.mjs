#!/usr/bin/env node
// Writes the call tones (apps/web/public/sounds/*.wav): our own, synthesized here, so no sound file of
// anyone else's ships with the app. Run `node scripts/make-tones.mjs` after changing a tone.
// 8 kHz, 16-bit mono PCM WAV: every browser plays it, and a telephone's band is all a ring needs.

import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const RATE = 8000;
const out = join(dirname(fileURLToPath(import.meta.url)), "../apps/web/public/sounds");

/** A soft struck note: a sine with a quieter third partial, a 6 ms attack and an exponential decay. */
function note(samples, at, freq, length, gain) {
  const start = Math.round(at * RATE);
  const count = Math.round(length * RATE);
  for (let i = 0; i < count && start + i < samples.length; i++) {
    const t = i / RATE;
    const attack = Math.min(1, t / 0.006);
    const decay = Math.exp(-t * 7);
    const wave =
      Math.sin(2 * Math.PI * freq * t) + 0.18 * Math.sin(2 * Math.PI * 3 * freq * t) * Math.exp(-t * 14);
    samples[start + i] += gain * attack * decay * wave;
  }
}

/** A steady two-frequency burst with 20 ms fades, as a phone line's ring-back, only gentler. */
function burst(samples, at, length, gain) {
  const start = Math.round(at * RATE);
  const count = Math.round(length * RATE);
  const fade = 0.02 * RATE;
  for (let i = 0; i < count; i++) {
    const t = i / RATE;
    const edge = Math.min(1, i / fade, (count - i) / fade);
    samples[start + i] +=
      gain * edge * 0.5 * (Math.sin(2 * Math.PI * 400 * t) + Math.sin(2 * Math.PI * 450 * t));
  }
}

function wav(samples) {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => {
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), i * 2);
  });
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8);
  header.write("fmt ", 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

// The receiver's ringtone: a rising E-major arpeggio played twice, then a pause; 2.4 s, looped.
const ringtone = new Float32Array(Math.round(2.4 * RATE));
const arpeggio = [659.25, 830.61, 987.77];
for (const [round, at] of [0, 0.55].entries()) {
  arpeggio.forEach((freq, i) => {
    note(ringtone, at + i * 0.13, freq, 0.6, round === 0 ? 0.45 : 0.4);
  });
}

// The caller's ring-back: the UK double ring (0.4 s on, 0.2 off, 0.4 on, 2 s off), quiet; 3 s, looped.
const ringback = new Float32Array(3 * RATE);
burst(ringback, 0, 0.4, 0.22);
burst(ringback, 0.6, 0.4, 0.22);

mkdirSync(out, { recursive: true });
for (const [name, samples] of [
  ["ringtone.wav", ringtone],
  ["ringback.wav", ringback],
]) {
  writeFileSync(join(out, name), wav(samples));
  console.log(`${name}: ${(44 + samples.length * 2).toLocaleString()} bytes`);
}
