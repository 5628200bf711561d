import { describe, expect, it, vi } from "vitest";
import { claimPlayback, currentPlayback, type Pausable, releasePlayback } from "./one-voice-at-a-time";

const player = () => ({ pause: vi.fn<Pausable["pause"]>() });

describe("one voice intro at a time", () => {
  it("pauses the player that was playing when another starts", () => {
    const sam = player();
    const alex = player();
    claimPlayback(sam);
    expect(sam.pause).not.toHaveBeenCalled();
    claimPlayback(alex);
    expect(sam.pause).toHaveBeenCalledTimes(1);
    expect(alex.pause).not.toHaveBeenCalled();
    expect(currentPlayback()).toBe(alex);
    releasePlayback(alex);
  });

  it("does not pause a player that claims again (play after a seek)", () => {
    const sam = player();
    claimPlayback(sam);
    claimPlayback(sam);
    expect(sam.pause).not.toHaveBeenCalled();
    releasePlayback(sam);
  });

  it("forgets a player that pauses, and ignores a release from one that no longer plays", () => {
    const sam = player();
    const alex = player();
    claimPlayback(sam);
    releasePlayback(sam);
    expect(currentPlayback()).toBeNull();

    claimPlayback(alex);
    claimPlayback(sam);
    // alex's own pause event arrives after sam took over: sam keeps playback.
    releasePlayback(alex);
    expect(currentPlayback()).toBe(sam);
    const jo = player();
    claimPlayback(jo);
    expect(sam.pause).toHaveBeenCalledTimes(1);
    releasePlayback(jo);
  });
});
