import { SIGNALLING_SOCKET_PATH } from "@kindred/shared/signalling";
import { Activity, UserCheck } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { socketUrl } from "@/lib/socket-url";
import { useSocketConsole } from "../hooks/use-socket-console";
import { buildJoinRoom, buildLeaveRoom, buildPing, buildRegister, DEFAULT_ROOM_ID } from "../sample-frames";
import { ConnectionBar } from "./connection-bar";
import { CustomMessage } from "./custom-message";
import { FrameLog } from "./frame-log";
import { Panel } from "./panel";
import { RoomControls } from "./room-controls";
import { RtcSamples } from "./rtc-samples";
import { SendNotice } from "./send-notice";

/** full: /rtc-test. compact: /rtc-test-old, the same console packed denser. simple: no samples or JSON. */
export type RtcVariant = "full" | "compact" | "simple";

const rtcUrl = () => socketUrl(SIGNALLING_SOCKET_PATH);

export function RtcConsole({ userId, variant }: { userId: number; variant: RtcVariant }) {
  const c = useSocketConsole(rtcUrl);
  const [roomId, setRoomId] = useState(DEFAULT_ROOM_ID);
  const dense = variant === "compact";
  const size = dense ? "sm" : "default";

  function sendToRoom(build: (roomId: string) => object) {
    const room = roomId.trim();
    if (room === "") return c.refuse("Room id is required");
    c.send(build(room));
  }

  const controls = (
    <>
      <Panel title="Connection" dense={dense}>
        <ConnectionBar console={c} path={SIGNALLING_SOCKET_PATH} dense={dense}>
          <Button size={size} variant="secondary" onClick={() => c.send(buildRegister(userId))}>
            <UserCheck aria-hidden /> Register
          </Button>
          <Button size={size} variant="secondary" onClick={() => c.send(buildPing())}>
            <Activity aria-hidden /> Ping
          </Button>
        </ConnectionBar>
      </Panel>
      <Panel title="Room" dense={dense}>
        <RoomControls
          roomId={roomId}
          onRoomIdChange={setRoomId}
          onJoin={() => sendToRoom(buildJoinRoom)}
          onLeave={() => sendToRoom(buildLeaveRoom)}
          dense={dense}
        />
      </Panel>
      {variant === "simple" ? null : (
        <>
          <Panel title="Sample messages" dense={dense}>
            <RtcSamples console={c} sendToRoom={sendToRoom} dense={dense} />
          </Panel>
          <Panel title="Custom message" dense={dense}>
            <CustomMessage
              onSend={c.send}
              dense={dense}
              placeholder={`{"type":"join_room","roomId":"${roomId.trim() || DEFAULT_ROOM_ID}"}`}
            />
          </Panel>
        </>
      )}
    </>
  );

  return (
    <div
      className={cn(
        "grid items-start",
        dense ? "gap-3 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]" : "gap-6 xl:grid-cols-2",
      )}
    >
      <div className={cn("grid", dense ? "gap-3" : "gap-6")}>{controls}</div>
      <div className="grid gap-2">
        <SendNotice notice={c.notice} />
        <FrameLog entries={c.entries} onClear={c.clear} dense={dense} />
      </div>
    </div>
  );
}
