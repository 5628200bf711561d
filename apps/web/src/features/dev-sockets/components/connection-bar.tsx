import { Plug, Unplug } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { ConnectionState } from "@/lib/reconnecting-socket";
import type { SocketConsole } from "../hooks/use-socket-console";

export const STATE_DOT: Record<ConnectionState, string> = {
  disconnected: "bg-stone-400",
  connecting: "bg-amber-400",
  connected: "bg-emerald-500",
  reconnecting: "bg-amber-500",
  failed: "bg-red-500",
};

/** "State: connected" as text, so it reads the same to a screen reader, a test and a tester. */
export function StateText({ state }: { state: ConnectionState }) {
  return (
    <p role="status" className="flex items-center gap-2 font-medium text-sm text-stone-900">
      <span className={cn("size-2.5 rounded-full", STATE_DOT[state])} aria-hidden />
      {`State: ${state}`}
    </p>
  );
}

/** Connect and disconnect, the state, the last round trip, and the console's own actions. */
export function ConnectionBar({
  console: c,
  path,
  dense = false,
  children,
}: {
  console: SocketConsole;
  path: string;
  dense?: boolean;
  children?: ReactNode;
}) {
  const size = dense ? "sm" : "default";
  const busy = c.state === "connecting" || c.state === "connected";
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <StateText state={c.state} />
        <code className="text-stone-500 text-xs">{path}</code>
        {c.rttMs === null ? null : <p className="text-sm text-stone-600">{`Round trip: ${c.rttMs} ms`}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size={size} onClick={c.connect} disabled={busy}>
          <Plug aria-hidden /> Connect
        </Button>
        <Button size={size} variant="outline" onClick={c.disconnect} disabled={c.state !== "connected"}>
          <Unplug aria-hidden /> Disconnect
        </Button>
        {children}
      </div>
    </div>
  );
}
