import { Volume2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { canChooseSpeaker, chosenSpeaker, onSpeakerChange } from "../devices";

type SinkAudio = HTMLAudioElement & { sinkId: string; setSinkId(sinkId: string): Promise<void> };

/** Plays through the chosen speaker where the browser can; a speaker that is gone means the default. */
function applySpeaker(el: HTMLAudioElement): void {
  if (!canChooseSpeaker()) return;
  const audio = el as SinkAudio;
  const wanted = chosenSpeaker() ?? "";
  if (audio.sinkId === wanted) return;
  audio.setSinkId(wanted).catch(() => {
    if (audio.sinkId) void audio.setSinkId("").catch(() => {});
  });
}

/**
 * The other person's voice. Chromium plays a remote WebRTC stream only through a media element in
 * the document, so this element is always rendered while the call page is open. A browser that
 * refuses to autoplay (a reloaded page nobody has clicked yet) gets a button to start the sound.
 */
export function RemoteAudio({ stream }: { stream: MediaStream | null }) {
  const ref = useRef<HTMLAudioElement>(null);
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    applySpeaker(el);
    return onSpeakerChange(() => applySpeaker(el));
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.srcObject = stream;
    setBlocked(false);
    if (stream) el.play().catch(() => setBlocked(true));
  }, [stream]);

  const play = () => {
    ref.current
      ?.play()
      .then(() => setBlocked(false))
      .catch(() => {});
  };

  return (
    <>
      {/* biome-ignore lint/a11y/useMediaCaption: a live voice call has no captions to offer */}
      <audio ref={ref} autoPlay data-testid="remote-audio" className="hidden" />
      {blocked && stream ? (
        <Button variant="secondary" onClick={play} className="self-center">
          <Volume2 aria-hidden /> Play call audio
        </Button>
      ) : null}
    </>
  );
}
