// DECISIONS "Call privacy": until the receiver answers, nothing relayed from them may carry a network
// address the caller could learn, so only TURN relay candidates pass.

/** An ICE candidate line (with or without `a=`) whose type is `relay`. */
export function isRelayCandidate(candidate: string): boolean {
  return / typ relay(\s|$)/.test(candidate);
}

/**
 * The SDP without its non-relay `a=candidate` lines, and with the default address and port (c=,
 * a=rtcp, the m= port), which repeat one candidate's, set to RFC 8839's "none yet" values.
 */
export function withRelayCandidatesOnly(sdp: string): string {
  return sdp
    .split(/(?<=\n)/)
    .filter((line) => !line.startsWith("a=candidate:") || isRelayCandidate(line))
    .map((line) => {
      const end = line.endsWith("\r\n") ? "\r\n" : line.endsWith("\n") ? "\n" : "";
      if (line.startsWith("c=IN ")) return `c=IN IP4 0.0.0.0${end}`;
      if (line.startsWith("a=rtcp:")) return `a=rtcp:9 IN IP4 0.0.0.0${end}`;
      if (line.startsWith("m=")) return line.replace(/^(m=\S+ )\d+/, "$19");
      return line;
    })
    .join("");
}
