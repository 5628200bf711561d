import { describe, expect, it } from "vitest";
import { decideClick, type OpenWindow } from "./click-action";

const call = { url: "/call/7", kind: "call", callId: 42, matchId: 7 };
const win = (id: string, path: string, focused = false): OpenWindow => ({
  id,
  url: `https://kindred.example${path}`,
  focused,
});

describe("decideClick", () => {
  it("Answer focuses an open Kindred window (the focused one first) and sends it to the answering call page", () => {
    expect(decideClick("answer", call, [win("a", "/home"), win("b", "/chats", true)])).toEqual({
      type: "focus",
      id: "b",
      navigate: "/call/7?answer=42",
    });
    expect(decideClick("answer", call, [win("a", "/home")])).toEqual({
      type: "focus",
      id: "a",
      navigate: "/call/7?answer=42",
    });
  });

  it("Answer opens a window on the call page when none is open", () => {
    expect(decideClick("answer", call, [])).toEqual({ type: "open", url: "/call/7?answer=42" });
  });

  it("Decline declines the call and opens no window, whatever is open", () => {
    expect(decideClick("decline", call, [])).toEqual({ type: "decline", callId: 42 });
    expect(decideClick("decline", call, [win("a", "/home", true)])).toEqual({ type: "decline", callId: 42 });
  });

  it("a plain click focuses a window already on the payload's URL, without navigating it", () => {
    const data = { url: "/conversation/7", kind: "message", matchId: 7 };
    expect(decideClick("", data, [win("a", "/home", true), win("b", "/conversation/7")])).toEqual({
      type: "focus",
      id: "b",
    });
  });

  it("a plain click sends another window to the URL, or opens one", () => {
    const data = { url: "/matches", kind: "missed", callId: 42, matchId: 7 };
    expect(decideClick("", data, [win("a", "/home")])).toEqual({
      type: "focus",
      id: "a",
      navigate: "/matches",
    });
    expect(decideClick("", data, [])).toEqual({ type: "open", url: "/matches" });
  });

  it("a plain click on a ringing call goes to its URL (no actions where the browser shows none)", () => {
    expect(decideClick("", call, [])).toEqual({ type: "open", url: "/call/7" });
  });

  it("never leaves the site, and falls back to /home without a URL", () => {
    for (const url of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      undefined,
    ]) {
      expect(decideClick("", { url, kind: "news" }, [])).toEqual({ type: "open", url: "/home" });
    }
    expect(decideClick("", null, [])).toEqual({ type: "open", url: "/home" });
  });

  it("treats an action it does not know, or one missing its ids, as a plain click", () => {
    expect(decideClick("snooze", call, [])).toEqual({ type: "open", url: "/call/7" });
    expect(decideClick("decline", { url: "/matches", kind: "news" }, [])).toEqual({
      type: "open",
      url: "/matches",
    });
    expect(decideClick("answer", { url: "/matches", kind: "news", callId: 3 }, [])).toEqual({
      type: "open",
      url: "/matches",
    });
  });
});
