import { describe, expect, it } from "vitest";
import { isRelayCandidate, withRelayCandidatesOnly } from "./candidate-privacy.ts";

const SDP = [
  "v=0",
  "o=- 1 2 IN IP4 127.0.0.1",
  "m=audio 51000 UDP/TLS/RTP/SAVPF 111",
  "c=IN IP4 192.0.2.7",
  "a=rtcp:51001 IN IP4 192.0.2.7",
  "a=candidate:1 1 udp 2122260223 192.0.2.7 51000 typ host generation 0",
  "a=candidate:2 1 udp 1686052607 203.0.113.9 51000 typ srflx raddr 192.0.2.7 rport 51000",
  "a=candidate:3 1 udp 41885439 127.0.0.1 50000 typ relay raddr 0.0.0.0 rport 0",
  "a=mid:0",
  "",
].join("\r\n");

describe("a ringing receiver's addresses", () => {
  it("lets only relay candidates through", () => {
    expect(
      isRelayCandidate("candidate:3 1 udp 41885439 127.0.0.1 50000 typ relay raddr 0.0.0.0 rport 0"),
    ).toBe(true);
    expect(isRelayCandidate("candidate:1 1 udp 2122260223 192.0.2.7 51000 typ host generation 0")).toBe(
      false,
    );
    expect(isRelayCandidate("candidate:2 1 udp 1 203.0.113.9 51000 typ srflx raddr 192.0.2.7 rport 1")).toBe(
      false,
    );
    expect(isRelayCandidate("")).toBe(false);
  });

  it("cuts host and srflx candidates and the default address from SDP, keeping the rest", () => {
    const cut = withRelayCandidatesOnly(SDP);
    expect(cut).not.toContain("192.0.2.7");
    expect(cut).not.toContain("203.0.113.9");
    expect(cut).toContain("typ relay");
    expect(cut).toContain("m=audio 9 UDP/TLS/RTP/SAVPF 111\r\n");
    expect(cut).toContain("c=IN IP4 0.0.0.0\r\n");
    expect(cut).toContain("a=mid:0\r\n");
    expect(cut.endsWith("\r\n")).toBe(true);
  });
});
