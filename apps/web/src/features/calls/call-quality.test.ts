import { describe, expect, it } from "vitest";
import { classifyQuality, QualityMeter } from "./call-quality";

const none = { rtt: null, loss: null, jitter: null };

describe("call quality", () => {
  it("poor past 400 ms, 10 % loss or 50 ms jitter; weak past 200 ms, 3 % or 30 ms; else good", () => {
    expect(classifyQuality(none)).toBe("good");
    expect(classifyQuality({ ...none, rtt: 0.2 })).toBe("good");
    expect(classifyQuality({ ...none, rtt: 0.21 })).toBe("weak");
    expect(classifyQuality({ ...none, rtt: 0.41 })).toBe("poor");
    expect(classifyQuality({ ...none, loss: 0.04 })).toBe("weak");
    expect(classifyQuality({ ...none, loss: 0.11 })).toBe("poor");
    expect(classifyQuality({ ...none, jitter: 0.031 })).toBe("weak");
    expect(classifyQuality({ ...none, jitter: 0.051 })).toBe("poor");
  });

  it("counts loss over the packets since the last reading, not since the call began", async () => {
    const meter = new QualityMeter();
    let inbound = { type: "inbound-rtp", kind: "audio", packetsLost: 0, packetsReceived: 1000, jitter: 0 };
    const pc = { getStats: async () => ({ forEach: (fn: (v: object) => void) => fn(inbound) }) };
    expect(await meter.read(pc as unknown as RTCPeerConnection)).toBe("good");
    inbound = { ...inbound, packetsLost: 20, packetsReceived: 1080 };
    expect(await meter.read(pc as unknown as RTCPeerConnection)).toBe("poor");
  });
});
