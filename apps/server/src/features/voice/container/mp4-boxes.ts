import { expect } from "./recording-error.ts";

// ISO BMFF boxes (ISO/IEC 14496-12 §4.2): a 32-bit size (1: a 64-bit one follows; 0: to the end), a type.

export interface Box {
  type: string;
  start: number;
  dataStart: number;
  end: number;
}

/** The boxes between `start` and `end`, each bounds-checked. */
export function* boxes(view: DataView, start: number, end: number): Generator<Box> {
  let pos = start;
  while (pos < end) {
    expect(pos + 8 <= end);
    let size = view.getUint32(pos);
    const type = String.fromCharCode(
      view.getUint8(pos + 4),
      view.getUint8(pos + 5),
      view.getUint8(pos + 6),
      view.getUint8(pos + 7),
    );
    let dataStart = pos + 8;
    if (size === 1) {
      expect(pos + 16 <= end);
      size = Number(view.getBigUint64(pos + 8));
      dataStart = pos + 16;
    } else if (size === 0) {
      size = end - pos;
    }
    expect(size >= dataStart - pos && pos + size <= end);
    yield { type, start: pos, dataStart, end: pos + size };
    pos += size;
  }
}

/** Turns a box into a 'free' box of the same length with nothing in it: offsets elsewhere stay true. */
export function blank(bytes: Uint8Array, box: Box) {
  bytes.fill(0, box.start + 4, box.end);
  bytes.set([0x66, 0x72, 0x65, 0x65], box.start + 4);
  // A 64-bit size: keep the size fields, zero only what follows.
  if (box.dataStart - box.start === 16) {
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    view.setUint32(box.start, 1);
    view.setBigUint64(box.start + 8, BigInt(box.end - box.start));
  }
}
