import { Activity, HeartPulse, LogOut, UserCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useSocketConsole } from "../hooks/use-socket-console";
import { buildHeartbeat, buildOffline, buildPing, buildRegister } from "../sample-frames";
import { ConnectionBar } from "./connection-bar";
import { CustomMessage } from "./custom-message";
import { FrameLog } from "./frame-log";
import { Panel } from "./panel";
import { SendNotice } from "./send-notice";

/** A console on an online-status socket (/ws or /basic-ws): register, heartbeat, ping, offline, any JSON. */
export function StatusConsole({ userId, path, url }: { userId: number; path: string; url: () => string }) {
  const c = useSocketConsole(url);
  return (
    <div className="grid items-start gap-6 xl:grid-cols-2">
      <div className="grid gap-6">
        <Panel title="Connection">
          <ConnectionBar console={c} path={path}>
            <Button variant="secondary" onClick={() => c.send(buildRegister(userId))}>
              <UserCheck aria-hidden /> Register
            </Button>
            <Button variant="secondary" onClick={() => c.send(buildHeartbeat())}>
              <HeartPulse aria-hidden /> Heartbeat
            </Button>
            <Button variant="secondary" onClick={() => c.send(buildPing())}>
              <Activity aria-hidden /> Ping
            </Button>
            <Button variant="outline" onClick={() => c.send(buildOffline(userId))}>
              <LogOut aria-hidden /> Offline
            </Button>
          </ConnectionBar>
        </Panel>
        <Panel title="Custom message">
          <CustomMessage onSend={c.send} placeholder='{"type":"ping","timestamp":0}' />
        </Panel>
      </div>
      <div className="grid gap-2">
        <SendNotice notice={c.notice} />
        <FrameLog entries={c.entries} onClear={c.clear} />
      </div>
    </div>
  );
}
