export type CallQuality = "good" | "weak" | "poor";

/** How often the connection carrying the call is measured. */
export const QUALITY_EVERY_MS = 2_000;

export interface QualitySample {
  /** Seconds, from the selected candidate pair. */
  rtt: number | null;
  /** Lost share of the packets expected since the last sample, 0..1. */
  loss: number | null;
  /** Seconds, from the inbound audio. */
  jitter: number | null;
}

/** poor: rtt > 400 ms or loss > 10 % or jitter > 50 ms; weak: > 200 ms, > 3 %, > 30 ms; else good. */
export function classifyQuality({ rtt, loss, jitter }: QualitySample): CallQuality {
  const over = (value: number | null, limit: number) => value !== null && value > limit;
  if (over(rtt, 0.4) || over(loss, 0.1) || over(jitter, 0.05)) return "poor";
  if (over(rtt, 0.2) || over(loss, 0.03) || over(jitter, 0.03)) return "weak";
  return "good";
}

interface StatsEntry {
  type: string;
  kind?: string;
  state?: string;
  nominated?: boolean;
  currentRoundTripTime?: number;
  packetsLost?: number;
  packetsReceived?: number;
  jitter?: number;
}

/** Reads getStats reports one after another; loss counts only the packets since the previous read. */
export class QualityMeter {
  private lost = 0;
  private received = 0;

  async read(pc: RTCPeerConnection): Promise<CallQuality> {
    const report = await pc.getStats();
    const sample: QualitySample = { rtt: null, loss: null, jitter: null };
    report.forEach((value) => {
      const entry = value as StatsEntry;
      if (entry.type === "candidate-pair" && entry.state === "succeeded" && entry.nominated) {
        sample.rtt = entry.currentRoundTripTime ?? sample.rtt;
      }
      if (entry.type === "inbound-rtp" && entry.kind === "audio") {
        sample.jitter = entry.jitter ?? null;
        const lost = entry.packetsLost ?? 0;
        const received = entry.packetsReceived ?? 0;
        const expected = lost - this.lost + (received - this.received);
        if (expected > 0) sample.loss = Math.max(0, lost - this.lost) / expected;
        this.lost = lost;
        this.received = received;
      }
    });
    return classifyQuality(sample);
  }
}
