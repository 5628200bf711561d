import { DoorClosed, DoorOpen } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";

export function RoomControls({
  roomId,
  onRoomIdChange,
  onJoin,
  onLeave,
  dense = false,
}: {
  roomId: string;
  onRoomIdChange: (roomId: string) => void;
  onJoin: () => void;
  onLeave: () => void;
  dense?: boolean;
}) {
  const id = useId();
  const size = dense ? "sm" : "default";
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Room id</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={id}
          value={roomId}
          onChange={(e) => onRoomIdChange(e.target.value)}
          placeholder="call-1"
          spellCheck={false}
          className={cn("w-40 font-mono", dense && "h-8")}
        />
        <Button size={size} variant="secondary" onClick={onJoin}>
          <DoorOpen aria-hidden /> Join room
        </Button>
        <Button size={size} variant="outline" onClick={onLeave}>
          <DoorClosed aria-hidden /> Leave room
        </Button>
      </div>
    </div>
  );
}
