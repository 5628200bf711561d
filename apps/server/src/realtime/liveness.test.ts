import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Connection } from "./connection.ts";
import { startLiveness } from "./liveness.ts";

/** What liveness touches of a connection: its flags, and its socket's ping and terminate. */
function fakeConnection() {
  const socket = { OPEN: 1, readyState: 1, ping: vi.fn(), terminate: vi.fn() };
  return { heard: false, pinged: false, socket } as unknown as Connection & { socket: typeof socket };
}

describe("liveness", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("checks a tenth of the sockets at a time, each once an interval", () => {
    const conns = Array.from({ length: 100 }, fakeConnection);
    const stop = startLiveness(() => conns, 1_000);
    vi.advanceTimersByTime(100);
    expect(conns.filter((c) => c.socket.ping.mock.calls.length > 0)).toHaveLength(10);
    vi.advanceTimersByTime(900);
    expect(conns.every((c) => c.socket.ping.mock.calls.length === 1)).toBe(true);
    stop();
  });

  it("does not ping a socket heard from since its last check; ends one silent a check after its ping", () => {
    const talking = fakeConnection();
    const silent = fakeConnection();
    const stop = startLiveness(() => [talking, silent], 1_000);
    for (let interval = 0; interval < 3; interval += 1) {
      talking.heard = true; // A frame (or a pong) since the last check.
      vi.advanceTimersByTime(1_000);
    }
    expect(talking.socket.ping).not.toHaveBeenCalled();
    expect(talking.socket.terminate).not.toHaveBeenCalled();
    // The silent one: pinged at its first check, ended at its second.
    expect(silent.socket.ping).toHaveBeenCalledTimes(1);
    expect(silent.socket.terminate).toHaveBeenCalled();
    stop();
  });

  it("keeps a silent socket that answers its ping, and pings it again after", () => {
    const quiet = fakeConnection();
    const stop = startLiveness(() => [quiet], 1_000);
    for (let interval = 0; interval < 4; interval += 1) {
      vi.advanceTimersByTime(1_000);
      if (quiet.pinged) quiet.heard = true; // Its pong.
    }
    expect(quiet.socket.terminate).not.toHaveBeenCalled();
    expect(quiet.socket.ping).toHaveBeenCalledTimes(2);
    stop();
  });
});
