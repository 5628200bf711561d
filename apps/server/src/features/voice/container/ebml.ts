import { expect } from "./recording-error.ts";

// The EBML primitives WebM is made of (RFC 8794): variable-length ids and sizes, then the data.

export interface Element {
  id: number;
  /** Where the element starts (its id), where its data starts, and where it ends. */
  start: number;
  dataStart: number;
  end: number;
  /** The size was "unknown" (all ones): MediaRecorder writes the Segment and Clusters so. */
  unknownSize: boolean;
}

function vintLength(first: number): number {
  expect(first !== 0);
  return Math.clz32(first) - 23;
}

/** The element at `pos`; an unknown size runs to `end` until its parent's parser says otherwise. */
export function readElement(bytes: Uint8Array, pos: number, end: number): Element {
  const idLength = vintLength(bytes[pos] ?? 0);
  expect(idLength <= 4 && pos + idLength < end);
  let id = 0;
  for (let i = 0; i < idLength; i++) id = id * 256 + (bytes[pos + i] as number);
  const sizePos = pos + idLength;
  const sizeLength = vintLength(bytes[sizePos] ?? 0);
  expect(sizePos + sizeLength <= end);
  let size = (bytes[sizePos] as number) & (0xff >> sizeLength);
  let allOnes = size === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i++) {
    const byte = bytes[sizePos + i] as number;
    size = size * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  const dataStart = sizePos + sizeLength;
  if (allOnes) return { id, start: pos, dataStart, end, unknownSize: true };
  expect(dataStart + size <= end);
  return { id, start: pos, dataStart, end: dataStart + size, unknownSize: false };
}

/** The children of `parent`, each read in turn; an unknown-size child is left to the caller. */
export function* children(bytes: Uint8Array, parent: { dataStart: number; end: number }): Generator<Element> {
  let pos = parent.dataStart;
  while (pos < parent.end) {
    const child = readElement(bytes, pos, parent.end);
    expect(!child.unknownSize);
    yield child;
    pos = child.end;
  }
}

export function readUint(bytes: Uint8Array, el: Element): number {
  const length = el.end - el.dataStart;
  expect(length <= 6);
  let value = 0;
  for (let i = el.dataStart; i < el.end; i++) value = value * 256 + (bytes[i] as number);
  return value;
}

export const readText = (bytes: Uint8Array, el: Element) =>
  Buffer.from(bytes.buffer, bytes.byteOffset + el.dataStart, el.end - el.dataStart)
    .toString("latin1")
    .replace(/\0+$/, "");

export const raw = (bytes: Uint8Array, el: Element) => bytes.subarray(el.start, el.end);

function idBytes(id: number): Uint8Array {
  const out: number[] = [];
  for (let rest = id; rest > 0; rest = Math.floor(rest / 256)) out.unshift(rest % 256);
  return Uint8Array.from(out);
}

function sizeBytes(size: number): Uint8Array {
  let length = 1;
  while (size >= 2 ** (7 * length) - 1) length++;
  const out = new Uint8Array(length);
  let rest = size;
  for (let i = length - 1; i >= 0; i--) {
    out[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  out[0] = (out[0] as number) | (0x80 >> (length - 1));
  return out;
}

/** A new element of known size around `parts`. */
export function element(id: number, parts: Uint8Array[]): Uint8Array[] {
  const size = parts.reduce((sum, part) => sum + part.length, 0);
  return [idBytes(id), sizeBytes(size), ...parts];
}

export function uintElement(id: number, value: number): Uint8Array[] {
  const data: number[] = [];
  for (let rest = value; rest > 0 || data.length === 0; rest = Math.floor(rest / 256))
    data.unshift(rest % 256);
  return element(id, [Uint8Array.from(data)]);
}

export function floatElement(id: number, value: number): Uint8Array[] {
  const data = new Uint8Array(8);
  new DataView(data.buffer).setFloat64(0, value);
  return element(id, [data]);
}

export const textElement = (id: number, value: string) => element(id, [Buffer.from(value, "latin1")]);
