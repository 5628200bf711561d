import { useEffect, useRef, useState } from "react";

/** Quieter than this (dBFS) reads as 0, louder than LOUD_DB as 1: the span of a voice at a laptop. */
const QUIET_DB = -60;
const LOUD_DB = -10;
/** A level above this is someone talking, not room noise. */
export const SPEECH_LEVEL = 0.35;
/** 'You are muted' stays this long after the last word, so it does not flicker between syllables. */
export const SPEECH_HOLD_MS = 1500;
const SAMPLE_EVERY_MS = 100;

/** The loudness of one window of samples (-1..1), as 0..1 on a decibel scale. */
export function levelFromSamples(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    const sample = samples[i] ?? 0;
    sum += sample * sample;
  }
  const rms = Math.sqrt(sum / samples.length);
  if (rms === 0) return 0;
  const db = 20 * Math.log10(rms);
  return Math.min(1, Math.max(0, (db - QUIET_DB) / (LOUD_DB - QUIET_DB)));
}

/** Whether the person is talking: a level of speech within the last SPEECH_HOLD_MS. */
export function isSpeaking(lastSpeechAt: number | null, now: number): boolean {
  return lastSpeechAt !== null && now - lastSpeechAt < SPEECH_HOLD_MS;
}

export interface MicLevel {
  /** 0..1 */
  level: number;
  speaking: boolean;
}

const SILENT: MicLevel = { level: 0, speaking: false };

/**
 * The live level of a microphone stream, read with an AnalyserNode ten times a second. It listens to
 * clones of the tracks: a muted track (enabled = false) gives silence, and 'You are muted' needs to
 * hear the person talking while muted.
 */
export function useMicLevel(stream: MediaStream | null): MicLevel {
  const [reading, setReading] = useState<MicLevel>(SILENT);
  const lastSpeechAt = useRef<number | null>(null);
  // A device change may swap the track inside the same stream: listen again when the tracks change.
  const trackIds =
    stream
      ?.getAudioTracks()
      .map((track) => track.id)
      .join(",") ?? "";

  // biome-ignore lint/correctness/useExhaustiveDependencies: trackIds says when the stream's tracks changed
  useEffect(() => {
    setReading(SILENT);
    lastSpeechAt.current = null;
    const tracks = stream?.getAudioTracks().map((track) => track.clone()) ?? [];
    if (tracks.length === 0 || typeof AudioContext === "undefined") return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(new MediaStream(tracks)).connect(analyser);
    // Created outside a click (a call answered in another tab), the context may start suspended.
    void context.resume().catch(() => {});
    const samples = new Float32Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      const level = levelFromSamples(samples);
      const now = performance.now();
      if (level >= SPEECH_LEVEL) lastSpeechAt.current = now;
      const speaking = isSpeaking(lastSpeechAt.current, now);
      setReading((old) =>
        Math.abs(old.level - level) < 0.02 && old.speaking === speaking ? old : { level, speaking },
      );
    }, SAMPLE_EVERY_MS);
    return () => {
      clearInterval(timer);
      for (const track of tracks) track.stop();
      void context.close().catch(() => {});
    };
  }, [stream, trackIds]);

  return reading;
}
