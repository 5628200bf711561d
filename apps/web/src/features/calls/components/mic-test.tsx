import { Mic, Square } from "lucide-react";
import { useEffect, useState } from "react";
import { MicLevelMeter } from "@/components/mic-level-meter";
import { Button } from "@/components/ui/button";
import { MIC_BLOCKED_HELP, mediaErrorMessage } from "../call-errors";
import { openMicrophone } from "../devices";
import { useMicLevel } from "../hooks/use-mic-level";

const NO_MIC_HELP = "Check that a microphone is plugged in and not used by another app, then try again.";

interface Failure {
  message: string;
  help: string;
}

function stop(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * 'Test my microphone': opens the chosen microphone (which asks for permission the first time, and
 * then lets the browser name the devices) and shows its live level until stopped or the page is left.
 */
export function MicTest({ deviceId, onOpened }: { deviceId: string | null; onOpened: () => void }) {
  const [testing, setTesting] = useState(false);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  // Bumped when the microphone under test is unplugged: open the default one instead.
  const [reopen, setReopen] = useState(0);
  const { level } = useMicLevel(stream);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reopen asks for a fresh microphone
  useEffect(() => {
    if (!testing) return;
    let cancelled = false;
    let opened: MediaStream | null = null;
    setFailure(null);
    openMicrophone(deviceId)
      .then((mic) => {
        if (cancelled) return stop(mic);
        opened = mic;
        mic.getAudioTracks()[0]?.addEventListener("ended", () => setReopen((n) => n + 1));
        setStream(mic);
        onOpened();
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const { message, blocked } = mediaErrorMessage(error);
        setFailure({ message, help: blocked ? MIC_BLOCKED_HELP : NO_MIC_HELP });
        setTesting(false);
      });
    return () => {
      cancelled = true;
      stop(opened);
      setStream(null);
    };
  }, [testing, deviceId, onOpened, reopen]);

  return (
    <div className="grid gap-3">
      <Button variant="outline" className="w-fit" onClick={() => setTesting((on) => !on)}>
        {testing ? <Square aria-hidden /> : <Mic aria-hidden />}
        {testing ? "Stop test" : "Test my microphone"}
      </Button>
      {testing ? (
        <div className="grid gap-2">
          <MicLevelMeter level={level} className="h-3 max-w-sm" />
          <p className="text-sm text-stone-600">
            Say something: the bar moves when your microphone hears you.
          </p>
        </div>
      ) : null}
      {failure ? (
        <div role="alert" className="grid gap-1 text-sm">
          <p className="font-medium text-red-700">{failure.message}</p>
          <p className="text-stone-600">{failure.help}</p>
        </div>
      ) : null}
    </div>
  );
}
