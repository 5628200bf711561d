import type { BrowserContext, Page } from "@playwright/test";

// Every RTCPeerConnection a page makes, seen from the test: the app exposes only the link carrying the
// call (window.__kindredPeer), while a ringing call may have several, and what a page was *given* (its
// remote candidates) is what privacy is about. The constructor is wrapped before the app loads; the
// connections are the browser's own, nothing is faked.

interface Given {
  at: number;
  /** An ICE candidate line, "candidate:… typ host …", as handed to the connection. */
  candidate: string;
}

interface Tracked {
  pc: RTCPeerConnection;
  createdAt: number;
  given: Given[];
}

declare global {
  interface Window {
    __e2ePeers?: Tracked[];
  }
}

/** Wraps RTCPeerConnection in every page of `context` from its next navigation on. */
export async function trackPeers(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    if (window.__e2ePeers) return;
    const peers: Tracked[] = [];
    window.__e2ePeers = peers;
    const Native = window.RTCPeerConnection;
    const candidateLines = (sdp: string | undefined) =>
      (sdp ?? "").split(/\r?\n/).filter((l) => l.startsWith("a=candidate:"));
    class TrackedPeerConnection extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        const entry: Tracked = { pc: this, createdAt: Date.now(), given: [] };
        peers.push(entry);
        const addIceCandidate = this.addIceCandidate.bind(this);
        this.addIceCandidate = ((candidate?: RTCIceCandidateInit | null) => {
          if (candidate?.candidate) entry.given.push({ at: Date.now(), candidate: candidate.candidate });
          return addIceCandidate(candidate ?? undefined);
        }) as RTCPeerConnection["addIceCandidate"];
        const setRemoteDescription = this.setRemoteDescription.bind(this);
        this.setRemoteDescription = ((description: RTCSessionDescriptionInit) => {
          for (const line of candidateLines(description?.sdp)) {
            entry.given.push({ at: Date.now(), candidate: line.slice(2) });
          }
          return setRemoteDescription(description);
        }) as RTCPeerConnection["setRemoteDescription"];
      }
    }
    window.RTCPeerConnection = TrackedPeerConnection;
  });
}

export interface AudioTotals {
  /** Peer connections the page has made, and how many are not closed. */
  made: number;
  open: number;
  connected: number;
  packetsSent: number;
  bytesSent: number;
  bytesReceived: number;
}

/** Audio RTP counters summed over the page's open peer connections. */
export function audioTotals(page: Page): Promise<AudioTotals> {
  return page.evaluate(async () => {
    const peers = window.__e2ePeers ?? [];
    const totals = {
      made: peers.length,
      open: 0,
      connected: 0,
      packetsSent: 0,
      bytesSent: 0,
      bytesReceived: 0,
    };
    for (const { pc } of peers) {
      if (pc.signalingState === "closed") continue;
      totals.open += 1;
      if (pc.connectionState === "connected") totals.connected += 1;
      (await pc.getStats()).forEach(
        (r: {
          type: string;
          kind?: string;
          packetsSent?: number;
          bytesSent?: number;
          bytesReceived?: number;
        }) => {
          if (r.kind !== "audio") return;
          if (r.type === "outbound-rtp") {
            totals.packetsSent += r.packetsSent ?? 0;
            totals.bytesSent += r.bytesSent ?? 0;
          }
          if (r.type === "inbound-rtp") totals.bytesReceived += r.bytesReceived ?? 0;
        },
      );
    }
    return totals;
  });
}

export interface CandidateView {
  /** `typ` of every candidate line the page was handed (addIceCandidate, remote SDP), with its time. */
  given: { at: number; type: string; candidate: string }[];
  /** Each remote-candidate in getStats (what ICE learnt, prflx included). */
  remoteStats: { type: string; address: string | null; port: number | null }[];
  /** candidateType of each local-candidate in getStats. */
  localStats: string[];
}

/** The candidates of the other side a page knows of, over all its peer connections. */
export function candidates(page: Page): Promise<CandidateView> {
  return page.evaluate(async () => {
    const typeOf = (line: string) => / typ ([a-z]+)/.exec(line)?.[1] ?? "unknown";
    const view = {
      given: [] as { at: number; type: string; candidate: string }[],
      remoteStats: [] as { type: string; address: string | null; port: number | null }[],
      localStats: [] as string[],
    };
    for (const { pc, given } of window.__e2ePeers ?? []) {
      for (const g of given) view.given.push({ at: g.at, type: typeOf(g.candidate), candidate: g.candidate });
      if (pc.signalingState === "closed") continue;
      (await pc.getStats()).forEach(
        (r: { type: string; candidateType?: string; address?: string; port?: number }) => {
          if (r.type === "remote-candidate") {
            view.remoteStats.push({
              type: String(r.candidateType),
              address: r.address ?? null,
              port: r.port ?? null,
            });
          }
          if (r.type === "local-candidate") view.localStats.push(String(r.candidateType));
        },
      );
    }
    return view;
  });
}

/** Whether some open peer connection of the page has completed an offer/answer (holds the other's SDP). */
export function anyPeerNegotiated(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    (window.__e2ePeers ?? []).some(
      ({ pc }) => pc.signalingState !== "closed" && pc.currentRemoteDescription !== null,
    ),
  );
}

/** Whether some open peer connection of the page is connected (ICE and DTLS up). */
export async function anyPeerConnected(page: Page): Promise<boolean> {
  return (await audioTotals(page)).connected > 0;
}

/**
 * Every frame the page receives on its sockets at `path` (/rtc: what the server relayed to it; /ws: the
 * status socket's news), parsed, with the time it came. Start before the page opens the socket.
 */
export function framesReceived(
  page: Page,
  path: "/rtc" | "/ws" = "/rtc",
): { at: number; frame: Record<string, unknown> }[] {
  const frames: { at: number; frame: Record<string, unknown> }[] = [];
  page.on("websocket", (ws) => {
    if (new URL(ws.url()).pathname !== path) return;
    ws.on("framereceived", ({ payload }) => {
      if (typeof payload !== "string") return;
      try {
        frames.push({ at: Date.now(), frame: JSON.parse(payload) as Record<string, unknown> });
      } catch {}
    });
  });
  return frames;
}

/** A string, or the string at `key` of an object (frames carry both shapes). */
function textAt(value: unknown, key: string): string | null {
  if (typeof value === "string") return value;
  const inner = value && typeof value === "object" ? (value as Record<string, unknown>)[key] : null;
  return typeof inner === "string" ? inner : null;
}

/** The candidate lines inside relayed frames (ice_candidate, offer and answer SDP), with their types. */
export function candidatesInFrames(frames: { at: number; frame: Record<string, unknown> }[]) {
  const found: { at: number; type: string; candidate: string }[] = [];
  for (const { at, frame } of frames) {
    const data = frame.data as { candidate?: unknown; sdp?: unknown } | undefined;
    const candidate = textAt(data?.candidate, "candidate");
    const sdp = textAt(data?.sdp, "sdp");
    const texts = [...(candidate ? [candidate] : []), ...(sdp ?? "").split(/\r?\n/)].filter((t) =>
      t.includes("candidate:"),
    );
    for (const text of texts) {
      found.push({ at, type: / typ ([a-z]+)/.exec(text)?.[1] ?? "unknown", candidate: text });
    }
  }
  return found;
}

/** Each peer connection's states, and what it was handed: what a failed call test prints. */
export function peerStates(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window.__e2ePeers ?? []).map(
      ({ pc, createdAt, given }) =>
        `made ${Date.now() - createdAt} ms ago: connection ${pc.connectionState}, ice ${pc.iceConnectionState}, ` +
        `gathering ${pc.iceGatheringState}, signalling ${pc.signalingState}, local ${pc.localDescription?.type ?? "none"}, ` +
        `remote ${pc.remoteDescription?.type ?? "none"}, ${given.length} remote candidates`,
    ),
  );
}
