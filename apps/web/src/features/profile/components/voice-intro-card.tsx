import type { SelfUser } from "@kindred/shared/user";
import { VOICE_MAX_SECONDS, VOICE_PROMPT } from "@kindred/shared/voice-limits";
import { Loader2, Mic, RotateCcw } from "lucide-react";
import { type RefObject, useEffect, useId, useRef } from "react";
import { useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { voiceIntroSrc } from "@/components/voice-audio";
import { VoicePlayer } from "@/components/voice-player";
import { VOICE_INTRO_ANCHOR } from "@/lib/voice-intro-link";
import { useDeleteVoiceIntroMutation, useSaveVoiceIntroMutation } from "../api/voice-intro";
import { type RecorderPhase, useVoiceRecorder } from "../hooks/use-voice-recorder";
import { voiceIntroError } from "../voice-intro-error";
import { DeleteVoiceIntroButton } from "./delete-voice-intro-button";
import { VoiceRecordingPanel } from "./voice-recording-panel";

type View = Exclude<RecorderPhase, "idle"> | "prompt" | "saved";

/**
 * When the view changes under the person's focus (the button they pressed is gone), focus its main
 * control: Stop once recording, Play once stopped or saved, Record after a delete or an error.
 */
function useFocusOnViewChange(
  view: View,
  card: RefObject<HTMLElement | null>,
  main: RefObject<HTMLElement | null>,
) {
  const previous = useRef(view);
  useEffect(() => {
    if (previous.current === view) return;
    previous.current = view;
    const active = document.activeElement;
    if (!active || active === document.body || card.current?.contains(active)) main.current?.focus();
  }, [view, card, main]);
}

/** Arriving from the dashboard's invitation: scroll to the card and start there. */
function useArriveAtAnchor(title: RefObject<HTMLElement | null>) {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash !== `#${VOICE_INTRO_ANCHOR}`) return;
    title.current?.scrollIntoView({ block: "center" });
    title.current?.focus({ preventScroll: true });
  }, [hash, title]);
}

function Prompt() {
  return (
    <figure className="rounded-2xl bg-violet-50 p-4">
      <figcaption className="font-medium text-violet-700 text-xs uppercase tracking-wide">
        Try this
      </figcaption>
      <blockquote className="mt-1 text-violet-950">{VOICE_PROMPT}</blockquote>
    </figure>
  );
}

/** The voice intro: recorded here, heard by matches before any photo (Record, listen back, Save). */
export function VoiceIntroCard({ user }: { user: SelfUser }) {
  const titleId = useId();
  const card = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const main = useRef<HTMLButtonElement>(null);
  const recorder = useVoiceRecorder();
  const save = useSaveVoiceIntroMutation();
  const remove = useDeleteVoiceIntroMutation();
  const saved = user.voiceIntro;
  const { phase, recording } = recorder;
  const view: View = phase === "idle" ? (saved ? "saved" : "prompt") : phase;
  const busy = save.isPending || remove.isPending;
  const serverError = save.error ?? remove.error;
  const error = recorder.error ?? (serverError ? voiceIntroError(serverError) : null);
  useFocusOnViewChange(view, card, main);
  useArriveAtAnchor(title);

  const record = () => {
    save.reset();
    remove.reset();
    void recorder.start();
  };
  const onSave = () => {
    if (!recording) return;
    remove.reset();
    save.mutate({ recording: recording.blob, peaks: recording.peaks }, { onSuccess: recorder.discard });
  };
  const onDelete = () => {
    save.reset();
    remove.mutate();
  };

  return (
    <Card ref={card} id={VOICE_INTRO_ANCHOR} role="region" aria-labelledby={titleId}>
      <CardHeader className="pb-4">
        <div className="flex items-center gap-3">
          <span className="flex size-9 items-center justify-center rounded-xl bg-rose-50 text-rose-700">
            <Mic className="size-4" aria-hidden />
          </span>
          <CardTitle level={2} id={titleId} ref={title} tabIndex={-1} className="text-lg outline-none">
            Voice intro
          </CardTitle>
        </div>
        <CardDescription>Your matches hear it before they see any photo.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {view === "prompt" || view === "starting" || view === "recording" ? <Prompt /> : null}
        {view === "prompt" ? (
          <div className="grid gap-2">
            <Button
              ref={main}
              variant="gradient"
              onClick={record}
              disabled={busy}
              className="sm:justify-self-start"
            >
              <Mic aria-hidden /> Record
            </Button>
            <p className="text-stone-500 text-xs">{`Up to ${VOICE_MAX_SECONDS} seconds, in your own words.`}</p>
          </div>
        ) : null}
        {view === "starting" ? (
          <p className="flex items-center gap-2 text-sm text-stone-600">
            <Spinner className="size-4" label="Waiting for your microphone" />
            Allow the microphone if your browser asks.
          </p>
        ) : null}
        {view === "recording" ? (
          <VoiceRecordingPanel
            level={recorder.level}
            secondsLeft={recorder.secondsLeft}
            onStop={recorder.stop}
            stopRef={main}
          />
        ) : null}
        {view === "processing" ? (
          <p className="flex items-center gap-2 text-sm text-stone-600">
            <Spinner className="size-4" label="Preparing your recording" />
            Preparing your recording…
          </p>
        ) : null}
        {view === "recorded" && recording ? (
          <>
            <VoicePlayer
              src={recording.url}
              durationMs={recording.durationMs}
              peaks={recording.peaks}
              subject="your new recording"
              buttonRef={main}
            />
            <p className="text-stone-500 text-xs">Not saved yet: listen back, then save it.</p>
            <div className="flex flex-wrap gap-2">
              <Button variant="gradient" onClick={onSave} disabled={busy} className="flex-1 sm:flex-none">
                {save.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
                {save.isPending ? "Saving…" : "Save"}
              </Button>
              <Button variant="outline" onClick={record} disabled={busy}>
                <RotateCcw aria-hidden /> Record again
              </Button>
              {saved ? (
                <Button variant="ghost" onClick={recorder.discard} disabled={busy}>
                  Keep saved intro
                </Button>
              ) : null}
            </div>
          </>
        ) : null}
        {view === "saved" && saved ? (
          <>
            <VoicePlayer
              src={voiceIntroSrc(saved)}
              durationMs={saved.durationMs}
              peaks={saved.peaks}
              subject="your voice intro"
              buttonRef={main}
            />
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={record} disabled={busy} className="flex-1 sm:flex-none">
                <RotateCcw aria-hidden /> Record again
              </Button>
              <DeleteVoiceIntroButton onDelete={onDelete} pending={remove.isPending} disabled={busy} />
            </div>
          </>
        ) : null}
        {error ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-700 text-sm">
            {error}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
