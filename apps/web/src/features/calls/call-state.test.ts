import type { Call, CallStatusEvent } from "@kindred/shared/calls";
import { describe, expect, it } from "vitest";
import { call, callStatusEvent as event } from "../../test/call-fixtures";
import {
  type CallEvent,
  type CallState,
  callEnding,
  callReducer,
  INITIAL_CALL_STATE,
  updateFromCall,
  updateFromEvent,
} from "./call-state";

const T0 = Date.parse("2026-03-01T12:00:00.000Z");

const run = (...events: CallEvent[]): CallState => events.reduce(callReducer, INITIAL_CALL_STATE);
const fromCall = (c: Call): CallEvent => ({ type: "update", update: updateFromCall(c), receivedAt: T0 });
const fromEvent = (e: CallStatusEvent, receivedAt = T0): CallEvent => ({
  type: "update",
  update: updateFromEvent(e),
  receivedAt,
});

describe("client call state (SPEC §4)", () => {
  it("starts idle: 'Starting call...'", () => {
    expect(run().phase).toBe("idle");
  });

  it("caller: connecting, then ringing once in the room, then connected when media connects on an active call", () => {
    const steps: CallState[] = [];
    let s = INITIAL_CALL_STATE;
    for (const e of [
      { type: "preparing", role: "caller" },
      fromCall(call()),
      { type: "joined" },
      fromEvent(event()),
      { type: "media", connected: true },
    ] as CallEvent[]) {
      s = callReducer(s, e);
      steps.push(s);
    }
    expect(steps.map((x) => x.phase)).toEqual([
      "connecting",
      "connecting",
      "ringing",
      "connecting",
      "connected",
    ]);
    expect(s.deadlineAt).toBe(Date.parse("2026-03-01T12:05:10.000Z"));
    expect(s.offsetMs).toBe(12_000);
  });

  it("media that connects before the answer lands does not show 'On Call' on a ringing call", () => {
    const s = run(
      { type: "preparing", role: "caller" },
      fromCall(call()),
      { type: "joined" },
      {
        type: "media",
        connected: true,
      },
    );
    expect(s.phase).toBe("ringing");
    expect(
      run(
        { type: "preparing", role: "caller" },
        fromCall(call()),
        { type: "joined" },
        { type: "media", connected: true },
        fromEvent(event()),
      ).phase,
    ).toBe("connected");
  });

  it("receiver: ringing 'Incoming Call' until answered, then connecting, then connected", () => {
    const ringing = run(fromCall(call()), { type: "incoming" });
    expect(ringing).toMatchObject({ phase: "ringing", role: "receiver" });
    const answered = callReducer(ringing, { type: "preparing", role: "receiver" });
    expect(answered.phase).toBe("connecting");
    const active = callReducer(
      callReducer(answered, { type: "joined" }),
      fromCall(call({ status: "active", deadline: "2026-03-01T12:05:00.000Z" })),
    );
    expect(active.phase).toBe("connecting");
    expect(callReducer(active, { type: "media", connected: true }).phase).toBe("connected");
  });

  it("a call ringing here that is answered in another tab stops ringing here", () => {
    const ringing = run(fromCall(call()), { type: "incoming" });
    expect(callReducer(ringing, fromEvent(event())).phase).toBe("ended");
  });

  it("stays 'On Call' through an ICE restart: a brief disconnect is not the end", () => {
    const on = run({ type: "preparing", role: "caller" }, fromEvent(event()), {
      type: "media",
      connected: true,
    });
    const blip = callReducer(on, { type: "media", connected: false });
    expect(blip.phase).toBe("connected");
    expect(blip.mediaConnected).toBe(false);
  });

  it("a decline or no answer looks the same to the caller: 'The call was not answered'", () => {
    const ringing = run({ type: "preparing", role: "caller" }, fromCall(call()), { type: "joined" });
    const missed = callReducer(
      ringing,
      fromEvent(event({ status: "missed", reason: "missed", deadlineAt: null })),
    );
    expect(missed).toMatchObject({ phase: "ended", notAnswered: true });
    const rejected = callReducer(ringing, fromCall(call({ status: "rejected" })));
    expect(rejected).toMatchObject({ phase: "ended", notAnswered: true });
    // The receiver who declined just sees the call end.
    const declined = run(fromCall(call()), { type: "incoming" }, fromCall(call({ status: "rejected" })));
    expect(declined).toMatchObject({ phase: "ended", notAnswered: false });
  });

  it("ends at the server's deadline, keeping the reason", () => {
    const on = run({ type: "preparing", role: "caller" }, fromEvent(event()), {
      type: "media",
      connected: true,
    });
    const over = callReducer(on, fromEvent(event({ status: "completed", reason: "deadline" })));
    expect(over).toMatchObject({ phase: "ended", endReason: "deadline", notAnswered: false });
  });

  it("never moves backwards: a stale poll after a push is ignored", () => {
    const active = run({ type: "preparing", role: "caller" }, fromEvent(event()));
    expect(callReducer(active, fromCall(call({ status: "pending" }))).status).toBe("active");
    const ended = callReducer(active, fromEvent(event({ status: "completed" })));
    expect(callReducer(ended, fromEvent(event({ status: "active" }))).phase).toBe("ended");
    expect(callReducer(ended, fromEvent(event({ status: "missed" }))).notAnswered).toBe(false);
  });

  it("ignores news of another call", () => {
    const s = run({ type: "preparing", role: "caller" }, fromCall(call()));
    expect(callReducer(s, fromEvent(event({ callId: 99, status: "completed" })))).toBe(s);
  });

  it("remembers the 30-second warning", () => {
    const s = run(
      { type: "preparing", role: "caller" },
      fromEvent(event()),
      fromEvent(event({ warning: true })),
    );
    expect(s.warned).toBe(true);
  });

  it("an error is final and keeps its sentence and whether the microphone was refused", () => {
    const failed = run(
      { type: "preparing", role: "caller" },
      {
        type: "failed",
        message: "Failed to access microphone or camera",
        micBlocked: true,
      },
    );
    expect(failed).toMatchObject({ phase: "error", micBlocked: true });
    expect(callReducer(failed, { type: "media", connected: true })).toBe(failed);
    expect(callReducer(failed, fromEvent(event({ status: "completed" })))).toBe(failed);
  });

  it("hanging up ends at once; the server's ending still records the status", () => {
    const on = run({ type: "preparing", role: "caller" }, fromEvent(event()), {
      type: "media",
      connected: true,
    });
    const hung = callReducer(on, { type: "hung-up" });
    expect(hung.phase).toBe("ended");
    expect(callReducer(hung, { type: "media", connected: true })).toBe(hung);
    expect(callReducer(hung, fromEvent(event({ status: "completed", reason: "hangup" }))).status).toBe(
      "completed",
    );
  });
});

describe("how an ended call reads (issue 27 §3, §4)", () => {
  const ringingOut = () => run({ type: "preparing", role: "caller" }, fromCall(call()), { type: "joined" });
  const onCall = () =>
    run({ type: "preparing", role: "caller" }, fromEvent(event()), { type: "media", connected: true });

  it("the caller's unanswered or declined call is 'No answer', not 'Call Ended'", () => {
    const missed = callReducer(ringingOut(), fromEvent(event({ status: "missed", reason: "missed" })));
    expect(callEnding(missed, false)).toBe("no-answer");
    const declined = callReducer(ringingOut(), fromCall(call({ status: "rejected" })));
    expect(callEnding(declined, false)).toBe("no-answer");
  });

  it("the caller's Cancel Call is 'Call cancelled' at once, and still once the server agrees", () => {
    const cancelled = callReducer(ringingOut(), { type: "hung-up" });
    expect(callEnding(cancelled, false)).toBe("cancelled");
    expect(callEnding(callReducer(cancelled, fromCall(call({ status: "cancelled" }))), false)).toBe(
      "cancelled",
    );
    // Cancelled before the record was even made.
    expect(callEnding(run({ type: "preparing", role: "caller" }, { type: "hung-up" }), false)).toBe(
      "cancelled",
    );
  });

  it("the receiver who declined, or anyone hanging up an answered call, sees 'Call Ended'", () => {
    const declined = run(fromCall(call()), { type: "incoming" }, { type: "hung-up" });
    expect(callEnding(declined, false)).toBe("ended");
    expect(callEnding(callReducer(onCall(), { type: "hung-up" }), false)).toBe("ended");
  });

  it("peer_gone reads '{username} left the call' only when this page saw them drop", () => {
    const gone = callReducer(onCall(), fromEvent(event({ status: "completed", reason: "peer_gone" })));
    expect(callEnding(gone, true)).toBe("peer-left");
    // Not seen here: it may have been this side that was gone.
    expect(callEnding(gone, false)).toBe("ended");
    const deadline = callReducer(onCall(), fromEvent(event({ status: "completed", reason: "deadline" })));
    expect(callEnding(deadline, true)).toBe("ended");
  });

  it("a call still going is not an ending", () => {
    expect(callEnding(onCall(), true)).toBe("ended");
  });
});
