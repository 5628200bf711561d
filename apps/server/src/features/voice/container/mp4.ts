import { type Box, blank, boxes } from "./mp4-boxes.ts";
import { expect } from "./recording-error.ts";

// MP4 with one AAC or Opus track, as Safari and Chromium record it (fragmented or not), cleaned in
// place: chunk and fragment offsets are absolute, so every box keeps its length. Boxes a player
// needs are kept; every other one (udta, meta, ilst, uuid/XMP, free) becomes an empty 'free' box.

const CONTAINERS = new Set([
  "moov",
  "trak",
  "mdia",
  "minf",
  "stbl",
  "mvex",
  "moof",
  "traf",
  "dinf",
  "edts",
  "mfra",
]);
const KEPT = new Set([
  ...["ftyp", "styp", "mdat", "sidx", "mvhd", "tkhd", "mdhd", "hdlr", "smhd", "dref", "stsd", "stts"],
  ...["stsc", "stsz", "stz2", "stco", "co64", "stss", "sgpd", "sbgp", "sdtp", "mehd", "trex", "mfhd"],
  ...["tfhd", "tfdt", "trun", "elst", "tfra", "mfro"],
]);
const CODEC_BOXES = new Set(["esds", "dOps", "btrt"]);
/** AAC object types (ISO/IEC 14496-3): main, LC, SBR (HE-AAC), PS (HE-AAC v2). */
const AAC_TYPES = new Set([1, 2, 5, 29]);

export const isMp4 = (bytes: Uint8Array) =>
  bytes.length >= 8 && Buffer.from(bytes.subarray(4, 8)).toString("latin1") === "ftyp";

/** Where a header box keeps its times and its duration, by version (0: 32-bit fields, 1: 64-bit). */
interface Header {
  box: Box;
  version: number;
}

class Mp4Reader {
  readonly view: DataView;
  tracks = 0;
  handler = "";
  codec: "aac" | "opus" | null = null;
  mediaScale = 0;
  movieScale = 0;
  sttsUnits = 0;
  samples = 0;
  trexDuration = 0;
  mdat = false;
  readonly headers: Record<"mvhd" | "tkhd" | "mdhd" | "mehd", Header[]> = {
    mvhd: [],
    tkhd: [],
    mdhd: [],
    mehd: [],
  };
  readonly fragments: Box[] = [];

  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  }

  u32 = (at: number) => this.view.getUint32(at);
  u64 = (at: number) => Number(this.view.getBigUint64(at));

  walk(start: number, end: number, depth: number) {
    expect(depth < 8);
    for (const box of boxes(this.view, start, end)) {
      if (CONTAINERS.has(box.type)) {
        if (box.type === "trak") this.tracks++;
        if (box.type === "traf") this.fragments.push(box);
        this.walk(box.dataStart, box.end, depth + 1);
      } else if (KEPT.has(box.type)) this.leaf(box);
      else blank(this.bytes, box);
    }
  }

  private leaf(box: Box) {
    const at = box.dataStart;
    expect(box.end - at >= 4 || box.type === "mdat" || box.type === "ftyp" || box.type === "styp");
    const version = this.bytes[at] ?? 0;
    switch (box.type) {
      case "mdat":
        this.mdat = true;
        return;
      case "mvhd":
      case "mdhd": {
        expect(box.end - at >= (version === 1 ? 32 : 20));
        const scale = this.u32(at + (version === 1 ? 20 : 12));
        if (box.type === "mvhd") this.movieScale = scale;
        else this.mediaScale = scale;
        this.headers[box.type].push({ box, version });
        return;
      }
      case "tkhd":
        expect(box.end - at >= (version === 1 ? 36 : 24));
        this.headers.tkhd.push({ box, version });
        return;
      case "mehd":
        expect(box.end - at >= (version === 1 ? 12 : 8));
        this.headers.mehd.push({ box, version });
        return;
      case "hdlr":
        expect(box.end - at >= 24);
        this.handler = String.fromCharCode(...this.bytes.subarray(at + 8, at + 12));
        // Its name is free text: kept as an empty string.
        this.bytes.fill(0, at + 24, box.end);
        return;
      case "dref":
        return this.dref(box);
      case "stsd":
        return this.stsd(box);
      case "stts": {
        const entries = this.u32(at + 4);
        expect(box.end - at >= 8 + entries * 8);
        for (let i = 0; i < entries; i++)
          this.sttsUnits += this.u32(at + 8 + i * 8) * this.u32(at + 12 + i * 8);
        return;
      }
      case "stsz":
        expect(box.end - at >= 12);
        this.samples += this.u32(at + 8);
        return;
      case "trex":
        expect(box.end - at >= 24);
        this.trexDuration = this.u32(at + 12);
        return;
    }
  }

  /** Data references: only "in this file" (a 'url ' with flag 1 and no address) plays here. */
  private dref(box: Box) {
    for (const entry of boxes(this.view, box.dataStart + 8, box.end)) {
      expect(entry.type === "url " && ((this.bytes[entry.dataStart + 3] ?? 0) & 1) === 1);
      this.bytes.fill(0, entry.dataStart + 4, entry.end);
    }
  }

  /** One sample entry, AAC ('mp4a' with an MPEG-4 audio 'esds') or Opus ('Opus' with 'dOps'), mono or stereo. */
  private stsd(box: Box) {
    expect(this.u32(box.dataStart + 4) === 1);
    const [entry, ...rest] = boxes(this.view, box.dataStart + 8, box.end);
    expect(entry && rest.length === 0 && (entry.type === "mp4a" || entry.type === "Opus"));
    const soundVersion = this.view.getUint16(entry.dataStart + 8);
    expect(soundVersion <= 1 && entry.end - entry.dataStart >= 28);
    expect(this.view.getUint16(entry.dataStart + 16) <= 2);
    const configs = [...boxes(this.view, entry.dataStart + 28 + soundVersion * 16, entry.end)];
    for (const config of configs) if (!CODEC_BOXES.has(config.type)) blank(this.bytes, config);
    if (entry.type === "Opus") {
      const dOps = configs.find((c) => c.type === "dOps");
      expect(dOps && this.bytes[dOps.dataStart] === 0 && (this.bytes[dOps.dataStart + 1] ?? 0) <= 2);
      this.codec = "opus";
    } else {
      const esds = configs.find((c) => c.type === "esds");
      expect(esds && AAC_TYPES.has(aacObjectType(this.bytes.subarray(esds.dataStart + 4, esds.end))));
      this.codec = "aac";
    }
  }

  /** The end of the last fragment, in media units: each starts at its 'tfdt' or where the last one ended. */
  fragmentUnits(): number {
    let running = 0;
    let end = 0;
    for (const traf of this.fragments) {
      let base = running;
      let defaultDuration = this.trexDuration;
      for (const box of boxes(this.view, traf.dataStart, traf.end)) {
        const at = box.dataStart;
        if (box.type === "tfdt") base = this.bytes[at] === 1 ? this.u64(at + 4) : this.u32(at + 4);
        if (box.type === "tfhd") defaultDuration = this.tfhdDuration(box) ?? defaultDuration;
        if (box.type === "trun") base += this.trunUnits(box, defaultDuration);
      }
      running = base;
      end = Math.max(end, running);
    }
    return end;
  }

  private tfhdDuration(box: Box): number | null {
    const flags = this.u32(box.dataStart) & 0xffffff;
    if (!(flags & 0x08)) return null;
    const at = box.dataStart + 8 + (flags & 0x01 ? 8 : 0) + (flags & 0x02 ? 4 : 0);
    expect(at + 4 <= box.end);
    return this.u32(at);
  }

  private trunUnits(box: Box, defaultDuration: number): number {
    const flags = this.u32(box.dataStart) & 0xffffff;
    const count = this.u32(box.dataStart + 4);
    let at = box.dataStart + 8 + (flags & 0x01 ? 4 : 0) + (flags & 0x04 ? 4 : 0);
    const fields = [0x100, 0x200, 0x400, 0x800].filter((bit) => flags & bit).length;
    expect(at + count * fields * 4 <= box.end);
    this.samples += count;
    if (!(flags & 0x100)) return count * defaultDuration;
    let units = 0;
    for (let i = 0; i < count; i++, at += fields * 4) units += this.u32(at);
    return units;
  }

  /** Writes the duration every header states, and zeroes their creation and modification times. */
  writeHeaders(durationMs: number) {
    const inMovie = Math.round((durationMs * this.movieScale) / 1000);
    const inMedia = Math.round((durationMs * this.mediaScale) / 1000);
    const put = ({ box, version }: Header, offset: number, value: number) => {
      const at = box.dataStart + offset;
      if (version === 1) this.view.setBigUint64(at, BigInt(value));
      else this.view.setUint32(at, value);
    };
    for (const h of [...this.headers.mvhd, ...this.headers.mdhd, ...this.headers.tkhd]) {
      this.bytes.fill(0, h.box.dataStart + 4, h.box.dataStart + (h.version === 1 ? 20 : 12));
    }
    for (const h of this.headers.mvhd) put(h, h.version === 1 ? 24 : 16, inMovie);
    for (const h of this.headers.mdhd) put(h, h.version === 1 ? 24 : 16, inMedia);
    for (const h of this.headers.tkhd) put(h, h.version === 1 ? 28 : 20, inMovie);
    for (const h of this.headers.mehd) put(h, 4, inMovie);
  }
}

/** The audio object type of an 'esds' ES_Descriptor (ISO/IEC 14496-1 §7.2.6), or 0. */
function aacObjectType(data: Uint8Array): number {
  let pos = 0;
  // A tag, then a length of one to four bytes (7 bits each, the top bit says another follows).
  const descriptor = (tag: number) => {
    if (data[pos++] !== tag) return false;
    for (let i = 0; i < 4 && ((data[pos++] ?? 0) & 0x80) !== 0; i++);
    return true;
  };
  if (!descriptor(0x03)) return 0;
  const flags = data[pos + 2] ?? 0;
  pos += 3;
  if (flags & 0x80) pos += 2;
  if (flags & 0x40) pos += 1 + (data[pos] ?? 0);
  if (flags & 0x20) pos += 2;
  // MPEG-4 audio, then 12 bytes of stream type, buffer size and bitrates.
  if (!descriptor(0x04) || data[pos] !== 0x40) return 0;
  pos += 13;
  if (!descriptor(0x05)) return 0;
  return (data[pos] ?? 0) >> 3;
}

export interface CleanedMp4 {
  bytes: Uint8Array;
  codec: "aac" | "opus";
  durationMs: number;
}

/** Checks an MP4 recording and returns a copy with its tags emptied and its true duration written. */
export function cleanMp4(input: Uint8Array): CleanedMp4 {
  const reader = new Mp4Reader(Uint8Array.from(input));
  reader.walk(0, input.length, 0);
  expect(reader.tracks === 1 && reader.handler === "soun" && reader.codec && reader.mdat);
  expect(reader.mediaScale > 0 && reader.movieScale > 0 && reader.headers.mvhd.length === 1);
  const units = Math.max(reader.sttsUnits, reader.fragmentUnits());
  expect(reader.samples > 0 && units > 0);
  const durationMs = (units / reader.mediaScale) * 1000;
  reader.writeHeaders(durationMs);
  return { bytes: reader.bytes, codec: reader.codec, durationMs: Math.round(durationMs) };
}
