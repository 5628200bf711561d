import {
  VOICE_ERRORS,
  VOICE_MAX_ACCEPTED_MS,
  VOICE_MAX_BYTES,
  VOICE_MAX_SECONDS,
  VOICE_MIN_SECONDS,
} from "@kindred/shared/voice-limits";
import { useCallback, useEffect, useRef, useState } from "react";
import { MICROPHONE_COPY, microphoneErrorText } from "../microphone-copy";
import { pickRecordingType } from "../recording-type";
import { computePeaks } from "../voice-peaks";

export type RecorderPhase = "idle" | "starting" | "recording" | "processing" | "recorded";

/** A finished recording, not yet saved: what to upload, and what the player needs to play it back. */
export interface Recording {
  blob: Blob;
  url: string;
  durationMs: number;
  peaks: number[];
}

/** One press of Record: everything that must be let go when it ends, however it ends. */
interface Session {
  stream: MediaStream;
  context: AudioContext;
  recorder: MediaRecorder;
  chunks: Blob[];
  /** The meter's readings, kept as a stand-in waveform should the browser fail to decode its own file. */
  levels: number[];
  startedAt: number;
  stoppedAt: number;
  timers: { frame: number; tick: number; limit: number };
  abandoned: boolean;
}

const LEVEL_EVERY_MS = 100;
// Voice needs little: 64 kb/s keeps 30 s near 240 KB, far inside VOICE_MAX_BYTES in any codec.
const BITS_PER_SECOND = 64_000;

function release(session: Session): void {
  cancelAnimationFrame(session.timers.frame);
  window.clearInterval(session.timers.tick);
  window.clearTimeout(session.timers.limit);
  for (const track of session.stream.getTracks()) track.stop();
}

function closeContext(context: AudioContext): void {
  if (context.state !== "closed") void context.close().catch(() => {});
}

/** The level meter's tap on the microphone; the context is closed should it fail. */
function meter(context: AudioContext, stream: MediaStream): AnalyserNode {
  try {
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(stream).connect(analyser);
    void context.resume().catch(() => {});
    return analyser;
  } catch (error) {
    closeContext(context);
    throw error;
  }
}

async function decode(session: Session, blob: Blob): Promise<AudioBuffer | null> {
  try {
    return await session.context.decodeAudioData(await blob.arrayBuffer());
  } catch {
    return null;
  }
}

/**
 * The microphone for a voice intro: a live level (0–100) and the seconds left while it records, stopping
 * itself at VOICE_MAX_SECONDS; then the recording with its length and waveform, or an error sentence.
 * Every microphone track is stopped and the AudioContext closed when a recording ends or on unmount.
 */
export function useVoiceRecorder() {
  const [phase, setPhase] = useState<RecorderPhase>("idle");
  const [error, setError] = useState<string | null>(null);
  const [level, setLevel] = useState(0);
  const [secondsLeft, setSecondsLeft] = useState(VOICE_MAX_SECONDS);
  const [recording, setRecording] = useState<Recording | null>(null);
  const session = useRef<Session | null>(null);
  const kept = useRef<Recording | null>(null);
  const mounted = useRef(false);

  const keep = useCallback((next: Recording | null) => {
    if (kept.current) URL.revokeObjectURL(kept.current.url);
    kept.current = next;
    setRecording(next);
  }, []);

  const fail = useCallback((message: string) => {
    setError(message);
    setPhase("idle");
  }, []);

  const finish = useCallback(
    async (current: Session) => {
      // Also reached when the microphone itself ends (unplugged): the recorder stops on its own.
      current.stoppedAt ||= performance.now();
      release(current);
      const type = current.recorder.mimeType || current.chunks[0]?.type || "";
      const blob = new Blob(current.chunks, type ? { type } : undefined);
      const decoded = current.abandoned ? null : await decode(current, blob);
      closeContext(current.context);
      if (current.abandoned || !mounted.current) return;
      session.current = null;
      // The decoded length is what the server will measure; the clock is the fallback.
      const durationMs = Math.round(
        decoded ? decoded.duration * 1000 : current.stoppedAt - current.startedAt,
      );
      if (durationMs < VOICE_MIN_SECONDS * 1000) return fail(VOICE_ERRORS.tooShort);
      // Only a tab in the background, whose timers run late, can overshoot the limit.
      if (durationMs > VOICE_MAX_ACCEPTED_MS) return fail(VOICE_ERRORS.tooLong);
      if (blob.size > VOICE_MAX_BYTES) return fail(VOICE_ERRORS.tooLarge);
      const peaks = computePeaks(decoded ? decoded.getChannelData(0) : current.levels);
      keep({ blob, url: URL.createObjectURL(blob), durationMs, peaks });
      setPhase("recorded");
    },
    [fail, keep],
  );

  const stop = useCallback(() => {
    const current = session.current;
    if (!current || current.recorder.state === "inactive") return;
    current.stoppedAt = performance.now();
    current.recorder.stop();
    release(current);
    setLevel(0);
    setPhase("processing");
  }, []);

  const begin = useCallback(
    (stream: MediaStream) => {
      // The recorder first: should it throw, there is no AudioContext yet to close.
      const mimeType = pickRecordingType((type) => MediaRecorder.isTypeSupported(type));
      const recorder = new MediaRecorder(stream, { mimeType, audioBitsPerSecond: BITS_PER_SECOND });
      const context = new AudioContext();
      const analyser = meter(context, stream);
      const current: Session = {
        stream,
        context,
        recorder,
        chunks: [],
        levels: [],
        startedAt: performance.now(),
        stoppedAt: 0,
        timers: { frame: 0, tick: 0, limit: 0 },
        abandoned: false,
      };
      session.current = current;
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) current.chunks.push(event.data);
      };
      recorder.onstop = () => void finish(current);
      recorder.start();

      const samples = new Float32Array(analyser.fftSize);
      let shownAt = 0;
      const measure = (now: number) => {
        analyser.getFloatTimeDomainData(samples);
        let loudest = 0;
        for (const sample of samples) loudest = Math.max(loudest, Math.abs(sample));
        current.levels.push(loudest);
        // A square root, so ordinary speech (peaks of 0.1–0.5) fills most of the meter.
        if (now - shownAt >= LEVEL_EVERY_MS) {
          shownAt = now;
          setLevel(Math.min(100, Math.round(Math.sqrt(loudest) * 100)));
        }
        current.timers.frame = requestAnimationFrame(measure);
      };
      current.timers.frame = requestAnimationFrame(measure);
      setSecondsLeft(VOICE_MAX_SECONDS);
      current.timers.tick = window.setInterval(() => {
        const left = VOICE_MAX_SECONDS * 1000 - (performance.now() - current.startedAt);
        setSecondsLeft(Math.max(0, Math.ceil(left / 1000)));
      }, 250);
      current.timers.limit = window.setTimeout(stop, VOICE_MAX_SECONDS * 1000);
      setPhase("recording");
    },
    [finish, stop],
  );

  const start = useCallback(async () => {
    if (session.current || phase === "starting") return;
    keep(null);
    setError(null);
    setPhase("starting");
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === "undefined") {
      return fail(MICROPHONE_COPY.unsupported);
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (cause) {
      if (mounted.current) fail(microphoneErrorText(cause));
      return;
    }
    if (!mounted.current) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    try {
      begin(stream);
    } catch (cause) {
      if (session.current) abandon(session.current);
      else for (const track of stream.getTracks()) track.stop();
      session.current = null;
      fail(microphoneErrorText(cause));
    }
  }, [phase, keep, fail, begin]);

  /** Back to idle, dropping the unsaved recording (after it is saved, or to keep the saved one). */
  const discard = useCallback(() => {
    keep(null);
    setError(null);
    setPhase("idle");
  }, [keep]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (session.current) abandon(session.current);
      session.current = null;
      if (kept.current) URL.revokeObjectURL(kept.current.url);
      kept.current = null;
    };
  }, []);

  return { phase, error, level, secondsLeft, recording, start, stop, discard };
}

/** Lets a recording go unfinished (unmount, or a failed start): no upload, nothing left open. */
function abandon(current: Session): void {
  current.abandoned = true;
  release(current);
  if (current.recorder.state !== "inactive") current.recorder.stop();
  closeContext(current.context);
}
