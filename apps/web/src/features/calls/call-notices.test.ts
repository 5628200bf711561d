import { describe, expect, it } from "vitest";
import { onCallNotices, qualityLabel } from "./call-notices";
import { privacySentence } from "./call-privacy";

const quiet = { level: 0.05, speaking: false };
const talking = { level: 0.7, speaking: true };
const texts = (...args: Parameters<typeof onCallNotices>) => onCallNotices(...args).map((n) => n.text);

describe("the call panel while on call", () => {
  it("says nothing more when all is well", () => {
    expect(texts({ mediaConnected: true, muted: false }, { peerMuted: false, mic: talking }, "ana")).toEqual(
      [],
    );
  });

  it("says 'Reconnecting…' while the media is down", () => {
    expect(texts({ mediaConnected: false, muted: false }, { peerMuted: false, mic: quiet }, "ana")).toEqual([
      "Reconnecting…",
    ]);
  });

  it("says when the other side muted their microphone", () => {
    expect(texts({ mediaConnected: true, muted: false }, { peerMuted: true, mic: quiet }, "ana")).toEqual([
      "ana muted their microphone",
    ]);
  });

  it("warns 'You are muted' only when talking while muted", () => {
    expect(texts({ mediaConnected: true, muted: true }, { peerMuted: false, mic: quiet }, "ana")).toEqual([
      "Your microphone is muted.",
    ]);
    const notices = onCallNotices(
      { mediaConnected: true, muted: true },
      { peerMuted: false, mic: talking },
      "ana",
    );
    expect(notices[0]).toEqual({ text: "You are muted", alert: true });
    expect(
      texts({ mediaConnected: true, muted: false }, { peerMuted: false, mic: talking }, "ana"),
    ).not.toContain("You are muted");
  });

  it("names the connection's quality in words", () => {
    expect(qualityLabel("good")).toBe("Connection: good");
    expect(qualityLabel("weak")).toBe("Connection: weak");
    expect(qualityLabel("poor")).toBe("Connection: poor");
  });
});

describe("the settings page's privacy line", () => {
  it("says the relay hides addresses, or that direct calls may show them", () => {
    expect(privacySentence("relay")).toBe(
      "Calls go through Kindred's relay, so neither of you sees the other's network address.",
    );
    expect(privacySentence("all")).toBe(
      "Calls connect directly when they can; your network address may be visible to the person you call.",
    );
  });
});
