import { describe, expect, it, vi } from "vitest";
import { fakeTimersInEachTest } from "../test/fake-clock";
import { FramePacer } from "./frame-pacer";

fakeTimersInEachTest();

describe("FramePacer", () => {
  it("sends a burst in order, no more than its rate in any second", () => {
    const sent: string[] = [];
    const pacer = new FramePacer(40, (t) => sent.push(t) > 0);
    for (let i = 0; i < 100; i++) pacer.push(String(i));
    expect(sent).toHaveLength(40);
    vi.advanceTimersByTime(1_000);
    expect(sent).toHaveLength(80);
    vi.advanceTimersByTime(1_000);
    expect(sent).toEqual(Array.from({ length: 100 }, (_, i) => String(i)));
  });

  it("drops the queue when the socket can no longer send", () => {
    let open = true;
    const sent: string[] = [];
    const pacer = new FramePacer(1, (t) => open && sent.push(t) > 0);
    pacer.push("a");
    pacer.push("b");
    open = false;
    vi.advanceTimersByTime(1_000);
    open = true;
    vi.advanceTimersByTime(5_000);
    expect(sent).toEqual(["a"]);
  });
});
