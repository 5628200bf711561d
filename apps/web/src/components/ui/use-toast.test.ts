import { TOAST } from "@kindred/shared/constants";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast, getToasts, toast } from "./use-toast";

afterEach(() => {
  vi.useRealTimers();
});

describe("toast store", () => {
  it("shows one toast at a time, the newest", () => {
    toast({ title: "One" });
    toast({ title: "Two", variant: "destructive" });
    expect(getToasts()).toHaveLength(TOAST.limit);
    expect(getToasts()[0]).toMatchObject({ title: "Two", variant: "destructive", open: true });
  });

  it("closes a dismissed toast at once and removes it after the remove delay", () => {
    vi.useFakeTimers();
    const { id } = toast({ title: "Bye" });
    dismissToast(id);
    expect(getToasts()[0]).toMatchObject({ id, open: false });
    vi.advanceTimersByTime(TOAST.removeDelayMs - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });
});
