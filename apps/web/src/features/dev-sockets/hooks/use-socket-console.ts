import { CLOSE } from "@kindred/shared/socket-limits";
import { useEffect, useRef, useState } from "react";
import type { ConnectionState } from "@/lib/reconnecting-socket";
import { appendEntry, type Direction, errorSentence, type LogEntry, roundTripOf } from "../log-entries";
import { checkOutgoing } from "../outgoing";

export interface SocketConsole {
  /** Never "reconnecting": a console only connects when the tester asks it to. */
  state: ConnectionState;
  entries: readonly LogEntry[];
  /** Round trip of the last answered ping, in ms. */
  rttMs: number | null;
  /** Why the last message was not sent; cleared by the next one that is. */
  notice: string | null;
  connect(): void;
  disconnect(): void;
  clear(): void;
  /** Sends a frame (or a tester's raw text); false when refused, with the reason in `notice`. */
  send(frame: object | string): boolean;
  /** Shows a reason for not sending that the console's own checks cannot know (a bad id field). */
  refuse(reason: string): void;
}

/**
 * A test console's own WebSocket (never the app's status socket, whose frames it must not disturb)
 * and the log of everything sent and received on it. `url` is read at each connect, so a URL that
 * carries a timestamp is fresh every time. The socket is closed when the console unmounts.
 */
export function useSocketConsole(url: () => string): SocketConsole {
  const socket = useRef<WebSocket | null>(null);
  const nextId = useRef(1);
  const [state, setState] = useState<ConnectionState>("disconnected");
  const [entries, setEntries] = useState<readonly LogEntry[]>([]);
  const [rttMs, setRttMs] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function log(direction: Direction, text: string) {
    const note = direction === "received" ? errorSentence(text) : undefined;
    const entry: LogEntry = { id: nextId.current++, at: Date.now(), direction, text, note };
    setEntries((prev) => appendEntry(prev, entry));
  }

  useEffect(
    () => () => {
      const ws = socket.current;
      socket.current = null;
      if (!ws) return;
      // Detached first: nothing may set state on a console that is gone.
      ws.onopen = ws.onmessage = ws.onclose = null;
      ws.close(CLOSE.goingAway, "Console closed");
    },
    [],
  );

  function connect() {
    if (socket.current) return;
    const target = url();
    const ws = new WebSocket(target);
    socket.current = ws;
    let opened = false;
    setState("connecting");
    setNotice(null);
    log("info", `Connecting to ${target}`);
    ws.onopen = () => {
      opened = true;
      setState("connected");
      log("info", "Connected");
    };
    ws.onmessage = (event: MessageEvent) => {
      const text = typeof event.data === "string" ? event.data : "(binary frame)";
      log("received", text);
      const rtt = roundTripOf(text);
      if (rtt !== undefined) setRttMs(rtt);
    };
    ws.onclose = (event: CloseEvent) => {
      if (socket.current === ws) socket.current = null;
      const why = event.reason ? `: ${event.reason}` : "";
      if (opened) {
        setState("disconnected");
        log("info", `Closed (code ${event.code}${why})`);
      } else {
        // The browser hides the HTTP answer to a refused upgrade (401 without a session, 403 from
        // another site): all a page ever sees is 1006, so say what it usually means.
        setState("failed");
        log(
          "info",
          `Could not connect (code ${event.code}${why}). Sockets open only for a signed-in member on this site.`,
        );
      }
    };
  }

  function disconnect() {
    socket.current?.close(CLOSE.normal, "Closed by tester");
  }

  function send(frame: object | string): boolean {
    const text = typeof frame === "string" ? frame : JSON.stringify(frame);
    const ws = socket.current;
    const checked = checkOutgoing(text, ws?.readyState === WebSocket.OPEN);
    if (!checked.ok || !ws) {
      setNotice(checked.ok ? null : checked.error);
      return false;
    }
    ws.send(checked.text);
    setNotice(null);
    log("sent", checked.text);
    return true;
  }

  return {
    state,
    entries,
    rttMs,
    notice,
    connect,
    disconnect,
    send,
    clear: () => setEntries([]),
    refuse: setNotice,
  };
}
