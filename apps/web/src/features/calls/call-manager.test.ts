import { describe, expect, it, vi } from "vitest";
import type { StatusSocket } from "../../lib/status-socket";

// The manager's bookkeeping without a browser: sessions are stand-ins that record what is asked of them.
const made: FakeSession[] = [];

class FakeSession {
  snapshot = { state: { phase: "starting", role: "caller" as string | null, stage: null as string | null } };
  frames: unknown[] = [];
  disposed = false;
  answered = 0;
  private readonly listeners = new Set<() => void>();
  constructor() {
    made.push(this);
  }
  start = vi.fn(async () => {});
  answer = vi.fn(async () => {
    this.answered += 1;
  });
  reject = vi.fn(async () => {});
  handleStatusFrame(frame: unknown) {
    this.frames.push(frame);
  }
  subscribe(fn: () => void) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
  dispose() {
    this.disposed = true;
  }
  end() {
    this.snapshot = { state: { ...this.snapshot.state, phase: "ended" } };
    for (const fn of this.listeners) fn();
  }
}

vi.mock("./call-session", () => ({ CallSession: FakeSession }));
// The manager's own imports reach the app's HTTP client; none is used here.
vi.mock("./api/create-call", () => ({ createCall: vi.fn() }));
vi.mock("./api/get-active-call", () => ({ getActiveCall: vi.fn() }));
vi.mock("./api/get-call", () => ({ getCall: vi.fn() }));
vi.mock("./api/get-ice-servers", () => ({ getIceConfig: vi.fn() }));
vi.mock("./api/update-call", () => ({ updateCall: vi.fn(async () => {}) }));
vi.mock("./devices", () => ({ chosenMicrophone: () => null, openMicrophone: async () => ({}) }));

const { CallManager } = await import("./call-manager");

function fakeStatusSocket() {
  let listener: ((f: unknown) => void) | null = null;
  const socket = {
    onFrame: (l: (f: unknown) => void) => {
      listener = l;
      return () => {
        listener = null;
      };
    },
  } as unknown as StatusSocket;
  return { socket, push: (f: unknown) => listener?.(f) };
}

describe("CallManager", () => {
  it("makes no session before sign-in, one per match after, and feeds it every status frame", () => {
    made.length = 0;
    const manager = new CallManager();
    expect(manager.open(7)).toBeNull();
    const { socket, push } = fakeStatusSocket();
    manager.attach(1, socket);
    const session = manager.open(7) as unknown as FakeSession;
    expect(session.start).toHaveBeenCalledTimes(1);
    expect(manager.open(7)).toBe(session);
    push({ type: "call:status", callId: 3 });
    expect(session.frames).toEqual([{ type: "call:status", callId: 3 }]);
  });

  it("keeps an ended call while a page shows it, lets it go after, and opens a fresh one on Try Again", () => {
    made.length = 0;
    const manager = new CallManager();
    manager.attach(1, fakeStatusSocket().socket);
    const first = manager.open(7) as unknown as FakeSession;
    const unshow = manager.show(7);
    expect(manager.live()?.matchId).toBe(7);
    first.end();
    expect(first.disposed).toBe(false);
    expect(manager.live()).toBeNull();
    // Shown, it stays what the page opens (it says how the call ended); Try Again replaces it.
    expect(manager.open(7)).toBe(first);
    const again = manager.open(7, true) as unknown as FakeSession;
    expect(again).not.toBe(first);
    expect(first.disposed).toBe(true);
    unshow();
    again.end();
    expect(again.disposed).toBe(true);
    expect(manager.get(7)).toBeNull();
  });

  it("prepares a ringing call, answers it once started, and does not call it live while it rings", async () => {
    made.length = 0;
    const manager = new CallManager();
    manager.attach(1, fakeStatusSocket().socket);
    manager.prepare(9);
    const ringing = made[0] as FakeSession;
    ringing.snapshot = { state: { phase: "ringing", role: "receiver", stage: "incoming" } };
    expect(manager.live()).toBeNull();
    manager.prepare(9);
    expect(made).toHaveLength(1);
    await manager.answer(9);
    expect(ringing.answered).toBe(1);
  });

  it("signing out ends every session", () => {
    made.length = 0;
    const manager = new CallManager();
    const detach = manager.attach(1, fakeStatusSocket().socket);
    const a = manager.open(1) as unknown as FakeSession;
    const b = manager.open(2) as unknown as FakeSession;
    detach();
    expect(a.disposed && b.disposed).toBe(true);
    expect(manager.attached).toBe(false);
    expect(manager.open(3)).toBeNull();
  });
});
