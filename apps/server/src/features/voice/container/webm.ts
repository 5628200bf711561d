import {
  children,
  type Element,
  element,
  floatElement,
  raw,
  readElement,
  readText,
  readUint,
  textElement,
  uintElement,
} from "./ebml.ts";
import { opusPacketMs } from "./opus-packet.ts";
import { expect } from "./recording-error.ts";

// WebM with one Opus track, as Chromium and Firefox record it, re-muxed into a new file that keeps
// only what playback needs: every tag, title, app name, date and attachment is simply not copied.

const ID = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  trackType: 0x83,
  codecId: 0x86,
  codecPrivate: 0x63a2,
  audio: 0xe1,
  channels: 0x9f,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
} as const;
/** Copied as they are: what a decoder needs of the track, and of a block group. */
const TRACK_KEEPS = new Set([ID.trackNumber, 0x73c5, ID.trackType, ID.codecId, 0x56aa, 0x56bb]);
const AUDIO_KEEPS = new Set([0xb5, ID.channels, 0x6264]);
const GROUP_KEEPS = new Set([ID.block, 0x9b, 0x75a2]);
/** The Segment's own children: an unknown-size Cluster ends where one of these begins. */
const TOP_LEVEL = new Set([
  0x114d9b74,
  ID.info,
  ID.tracks,
  ID.cluster,
  0x1c53bb6b,
  0x1254c367,
  0x1043a770,
  0x1941a469,
]);

const AUDIO_TRACK = 2;

export const isWebm = (bytes: Uint8Array) =>
  bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3;

interface Track {
  number: number;
  parts: Uint8Array[];
}

function readTrack(bytes: Uint8Array, tracks: Element): Track {
  const entries = [...children(bytes, tracks)].filter((el) => el.id === ID.trackEntry);
  // One track, and it is Opus audio: a video or a second track is not a voice recording.
  expect(entries.length === 1);
  const entry = entries[0] as Element;
  const kept: Uint8Array[] = [];
  let number = 0;
  let type = 0;
  let codec = "";
  let channels = 1;
  for (const child of children(bytes, entry)) {
    if (child.id === ID.trackNumber) number = readUint(bytes, child);
    if (child.id === ID.trackType) type = readUint(bytes, child);
    if (child.id === ID.codecId) codec = readText(bytes, child);
    if (TRACK_KEEPS.has(child.id)) kept.push(raw(bytes, child));
    if (child.id === ID.codecPrivate)
      kept.push(...element(ID.codecPrivate, [opusHead(bytes.subarray(child.dataStart, child.end))]));
    if (child.id === ID.audio) {
      const audio = [...children(bytes, child)].filter((el) => AUDIO_KEEPS.has(el.id));
      for (const el of audio) if (el.id === ID.channels) channels = readUint(bytes, el);
      kept.push(
        ...element(
          ID.audio,
          audio.map((el) => raw(bytes, el)),
        ),
      );
    }
  }
  expect(type === AUDIO_TRACK && codec === "A_OPUS" && number > 0 && channels >= 1 && channels <= 2);
  return { number, parts: element(ID.tracks, element(ID.trackEntry, kept)) };
}

/** The Opus header (RFC 7845 §5.1) and nothing after it: its own length says where it ends. */
function opusHead(data: Uint8Array): Uint8Array {
  expect(data.length >= 19 && Buffer.from(data.subarray(0, 8)).toString("latin1") === "OpusHead");
  const channels = data[9] as number;
  const length = data[18] === 0 ? 19 : 21 + channels;
  expect(data.length >= length);
  return data.subarray(0, length);
}

interface Block {
  /** Start in timecode units, and how long its packet plays in ms. */
  at: number;
  ms: number;
}

/** A SimpleBlock's or Block's track, time and packet (RFC 9559 §10): unlaced, as browsers write Opus. */
function readBlock(bytes: Uint8Array, el: Element, track: number, clusterTime: number): Block {
  const first = bytes[el.dataStart] as number;
  expect(first === (0x80 | track) && el.end - el.dataStart > 4);
  const relative = (((bytes[el.dataStart + 1] as number) << 24) >> 16) | (bytes[el.dataStart + 2] as number);
  const flags = bytes[el.dataStart + 3] as number;
  expect((flags & 0x06) === 0);
  return { at: clusterTime + relative, ms: opusPacketMs(bytes.subarray(el.dataStart + 4, el.end)) };
}

/** One Cluster: its time and its blocks, copied; `end` is where it stops when its size is unknown. */
function readCluster(bytes: Uint8Array, cluster: Element, track: number, blocks: Block[]) {
  const parts: Uint8Array[] = [];
  let time: number | null = null;
  let pos = cluster.dataStart;
  while (pos < cluster.end) {
    const child = readElement(bytes, pos, cluster.end);
    if (cluster.unknownSize && TOP_LEVEL.has(child.id)) break;
    expect(!child.unknownSize);
    if (child.id === ID.timecode) {
      time = readUint(bytes, child);
      parts.push(raw(bytes, child));
    } else if (child.id === ID.simpleBlock) {
      expect(time !== null);
      blocks.push(readBlock(bytes, child, track, time));
      parts.push(raw(bytes, child));
    } else if (child.id === ID.blockGroup) {
      expect(time !== null);
      const kept = [...children(bytes, child)].filter((el) => GROUP_KEEPS.has(el.id));
      const block = kept.find((el) => el.id === ID.block);
      expect(block);
      blocks.push(readBlock(bytes, block, track, time));
      parts.push(
        ...element(
          ID.blockGroup,
          kept.map((el) => raw(bytes, el)),
        ),
      );
    }
    pos = child.end;
  }
  return { end: pos, parts: element(ID.cluster, parts) };
}

export interface Remuxed {
  bytes: Uint8Array;
  durationMs: number;
}

/** Checks a WebM/Opus recording and writes it anew with only its audio and a Duration. */
export function remuxWebm(bytes: Uint8Array): Remuxed {
  const header = readElement(bytes, 0, bytes.length);
  expect(header.id === ID.ebml);
  const docType = [...children(bytes, header)].find((el) => el.id === ID.docType);
  expect(docType && readText(bytes, docType) === "webm");
  const segment = readElement(bytes, header.end, bytes.length);
  expect(segment.id === ID.segment);

  let scale = 1_000_000;
  let track: Track | null = null;
  const clusters: Uint8Array[] = [];
  const blocks: Block[] = [];
  let pos = segment.dataStart;
  while (pos < segment.end) {
    const el = readElement(bytes, pos, segment.end);
    if (el.id === ID.cluster) {
      expect(track);
      const cluster = readCluster(bytes, el, track.number, blocks);
      clusters.push(...cluster.parts);
      pos = cluster.end;
      continue;
    }
    expect(!el.unknownSize);
    if (el.id === ID.info) {
      const found = [...children(bytes, el)].find((child) => child.id === ID.timecodeScale);
      if (found) scale = readUint(bytes, found);
      expect(scale > 0);
    }
    if (el.id === ID.tracks) {
      expect(!track);
      track = readTrack(bytes, el);
    }
    pos = el.end;
  }
  expect(track && blocks.length > 0);

  const unitMs = scale / 1_000_000;
  // A loop, not Math.max(...blocks): a crafted file can hold hundreds of thousands of blocks.
  let startMs = 0;
  let endMs = 0;
  for (const b of blocks) {
    startMs = Math.min(startMs, b.at * unitMs);
    endMs = Math.max(endMs, b.at * unitMs + b.ms);
  }
  const durationMs = endMs - startMs;
  const info = element(ID.info, [
    ...uintElement(ID.timecodeScale, scale),
    ...floatElement(ID.duration, endMs / unitMs),
  ]);
  const ebml = element(ID.ebml, [
    ...uintElement(0x4286, 1),
    ...uintElement(0x42f7, 1),
    ...uintElement(0x42f2, 4),
    ...uintElement(0x42f3, 8),
    ...textElement(ID.docType, "webm"),
    ...uintElement(0x4287, 4),
    ...uintElement(0x4285, 2),
  ]);
  const out = Buffer.concat([...ebml, ...element(ID.segment, [...info, ...track.parts, ...clusters])]);
  return { bytes: out, durationMs: Math.round(durationMs) };
}
