import { Phone } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

/** 'Join call', shown while a scheduled call's window is open (the server's `schedule.canJoin`). */
export function JoinCallLink({ matchId }: { matchId: number }) {
  return (
    <Button asChild variant="gradient" size="sm" className="h-8">
      <Link to={`/call/${matchId}?autoStart=true`}>
        <Phone aria-hidden /> Join call
      </Link>
    </Button>
  );
}
