import { VOICE_PEAK_MAX, VOICE_PEAKS } from "@kindred/shared/voice-limits";

/**
 * The waveform of a recording: the loudest |sample| in each of `count` equal stretches, scaled so the
 * loudest stretch is VOICE_PEAK_MAX, as integers. Silence (or nothing) is all zeros. Stretches are cut by
 * index so that every sample lands in exactly one; a recording shorter than `count` leaves some empty.
 */
export function computePeaks(samples: ArrayLike<number>, count: number = VOICE_PEAKS): number[] {
  const maxima = new Array<number>(count).fill(0);
  const length = samples.length;
  for (let bucket = 0; bucket < count; bucket++) {
    const end = Math.floor(((bucket + 1) * length) / count);
    let loudest = 0;
    for (let i = Math.floor((bucket * length) / count); i < end; i++) {
      const value = Math.abs(samples[i] ?? 0);
      // NaN (a broken decode) counts as silence rather than poisoning the scale.
      if (value > loudest) loudest = value;
    }
    maxima[bucket] = loudest;
  }
  const top = Math.max(...maxima);
  if (!(top > 0) || !Number.isFinite(top)) return maxima.map(() => 0);
  return maxima.map((value) => Math.round((value / top) * VOICE_PEAK_MAX));
}
