import { PhoneCall } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/cn";
import type { SocketConsole } from "../hooks/use-socket-console";
import { readId, readOptionalId } from "../outgoing";
import {
  buildAnswer,
  buildCallInitiate,
  buildIceCandidate,
  buildIceComplete,
  buildOffer,
  DEFAULT_CALL_ID,
  type RelayTarget,
  SAMPLE_MATCH_IDS,
} from "../sample-frames";

const RELAYED: ReadonlyArray<readonly [string, (to: RelayTarget) => object]> = [
  ["Offer", buildOffer],
  ["Answer", buildAnswer],
  ["ICE candidate", buildIceCandidate],
  ["ICE complete", buildIceComplete],
];

/**
 * The sample messages of SPEC §2: offer, answer and ICE to the room in the room field (to the target
 * user when one is given), and 'call-initiate' for the chosen match and call.
 */
export function RtcSamples({
  console: c,
  sendToRoom,
  dense = false,
}: {
  console: SocketConsole;
  sendToRoom: (build: (roomId: string) => object) => void;
  dense?: boolean;
}) {
  const ids = { match: useId(), call: useId(), target: useId() };
  const [matchId, setMatchId] = useState(String(SAMPLE_MATCH_IDS[0]));
  const [callId, setCallId] = useState(String(DEFAULT_CALL_ID));
  const [target, setTarget] = useState("");
  const size = dense ? "sm" : "default";
  const field = cn("font-mono", dense && "h-8");

  function relay(build: (to: RelayTarget) => object) {
    const targetUserId = readOptionalId(target, "Target user id");
    if (!targetUserId.ok) return c.refuse(targetUserId.error);
    sendToRoom((roomId) => build({ roomId, targetUserId: targetUserId.value }));
  }

  function callInitiate() {
    const call = readId(callId, "Call id");
    if (!call.ok) return c.refuse(call.error);
    c.send(buildCallInitiate({ matchId: Number(matchId), callId: call.value }));
  }

  return (
    <div className="grid gap-3">
      <div className={cn("grid gap-3", dense ? "grid-cols-3" : "sm:grid-cols-3")}>
        <div className="grid gap-2">
          <Label htmlFor={ids.match}>Match id</Label>
          <Select value={matchId} onValueChange={setMatchId}>
            <SelectTrigger id={ids.match} className={field}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SAMPLE_MATCH_IDS.map((id) => (
                <SelectItem key={id} value={String(id)}>
                  {String(id)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.call}>Call id</Label>
          <Input
            id={ids.call}
            inputMode="numeric"
            value={callId}
            onChange={(e) => setCallId(e.target.value)}
            className={field}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.target}>Target user id</Label>
          <Input
            id={ids.target}
            inputMode="numeric"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            placeholder="optional"
            className={field}
          />
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {RELAYED.map(([label, build]) => (
          <Button key={label} size={size} variant="outline" onClick={() => relay(build)}>
            {label}
          </Button>
        ))}
        <Button size={size} variant="secondary" onClick={callInitiate}>
          <PhoneCall aria-hidden /> call-initiate
        </Button>
      </div>
    </div>
  );
}
