#!/usr/bin/env node
// Writes the app's icons (apps/web/public/icons/*.png) for the web app manifest and the home screen:
// the favicon's design (a rose→violet gradient with five sound bars), drawn here so no image tool is
// needed. Run `node scripts/make-icons.mjs` after changing the design. PNG: RGBA, encoded with zlib.

import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const out = join(dirname(fileURLToPath(import.meta.url)), "../apps/web/public/icons");

// Tailwind's rose-500 and violet-600, as in favicon.svg.
const FROM = [0xf4, 0x3f, 0x5e];
const TO = [0x7c, 0x3a, 0xed];
// The favicon's bars on its 32-unit grid: x, top, bottom (stroke 2.2, round caps).
const BARS = [
  [9, 13, 19],
  [13, 10, 22],
  [17, 12, 20],
  [21, 9, 23],
  [25, 14, 18],
];
const STROKE = 2.2;
// Samples per pixel along each axis, for smooth edges.
const SUPERSAMPLE = 4;

/** Distance from (x, y) to a vertical segment, for the bars' round-capped strokes. */
function toSegment(x, y, sx, top, bottom) {
  const cy = Math.min(bottom, Math.max(top, y));
  return Math.hypot(x - sx, y - cy);
}

/** Whether (u, v) in 32-unit space is inside the rounded square of radius r (r 0: the whole square). */
function inSquare(u, v, r) {
  if (u < 0 || v < 0 || u > 32 || v > 32) return false;
  const dx = Math.max(r - u, 0, u - (32 - r));
  const dy = Math.max(r - v, 0, v - (32 - r));
  return dx * dx + dy * dy <= r * r;
}

/**
 * One icon, size × size RGBA. A maskable icon fills the square (the platform cuts its own shape) and
 * keeps the mark within the middle 80% (the safe zone); the plain one has the favicon's round corners.
 */
function draw(size, maskable) {
  const pixels = Buffer.alloc(size * size * 4);
  const radius = maskable ? 0 : 8;
  // The mark's scale about the centre: smaller in a maskable icon so a circle crop keeps it whole.
  const markScale = maskable ? 0.72 : 1;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let cover = 0;
      let white = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const u = ((px + (sx + 0.5) / SUPERSAMPLE) / size) * 32;
          const v = ((py + (sy + 0.5) / SUPERSAMPLE) / size) * 32;
          if (!inSquare(u, v, radius)) continue;
          cover += 1;
          const mu = 16 + (u - 16) / markScale;
          const mv = 16 + (v - 16) / markScale;
          if (BARS.some(([bx, top, bottom]) => toSegment(mu, mv, bx, top, bottom) <= STROKE / 2)) white += 1;
        }
      }
      const samples = SUPERSAMPLE * SUPERSAMPLE;
      // The gradient runs from the top-left corner to the bottom-right one.
      const t = (px + py) / (2 * (size - 1));
      const w = cover ? white / cover : 0;
      const i = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) {
        const base = FROM[c] + (TO[c] - FROM[c]) * t;
        pixels[i + c] = Math.round(base + (255 - base) * w);
      }
      pixels[i + 3] = Math.round((255 * cover) / samples);
    }
  }
  return png(size, size, pixels);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of 8-bit RGBA rows, each with filter 0 (none): zlib does the rest. */
function png(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  const rows = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) {
    rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

mkdirSync(out, { recursive: true });
const icons = [
  ["icon-192.png", 192, false],
  ["icon-512.png", 512, false],
  ["icon-maskable-512.png", 512, true],
  // iOS's home screen icon: 180 px, a full square (iOS rounds the corners itself).
  ["apple-touch-icon.png", 180, true],
];
for (const [name, size, maskable] of icons) {
  writeFileSync(join(out, name), draw(size, maskable));
  console.log(`wrote ${name}`);
}
