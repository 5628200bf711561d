import type { ReactNode } from "react";
import type { AvatarPerson } from "@/components/person-avatar";
import { Spinner } from "@/components/ui/spinner";
import { CALL_FAILED_TEXT, MIC_BLOCKED_HELP } from "../call-errors";
import type { CallQuality } from "../call-quality";
import type { CallEnding, CallState } from "../call-state";
import { useMicLevel } from "../hooks/use-mic-level";
import type { PeerDrop } from "../hooks/use-peer-drop";
import { peerDroppedText, peerLeftText } from "../peer-drop";
import { type CallActions, CallButtons } from "./call-buttons";
import { endedLine, type NextSteps } from "./call-ended";
import { CallPeople } from "./call-people";
import { CallProgress } from "./call-progress";
import { CallTimer } from "./call-timer";
import { type LiveCall, OnCallNotices } from "./on-call-notices";

/** How the page reads the call beyond its state: its ending, the other side's drop, the day's limit. */
export interface CallReading {
  ending: CallEnding;
  drop: PeerDrop;
  /** The day's limit in the app's one sentence ('2 of 2 calls today · next from midnight'). */
  limitText: string | null;
}

/** Who is on the call, for the avatars, and the call's whole length, for the progress bar. */
export interface CallCast {
  you: AvatarPerson;
  them: AvatarPerson;
  /** The pair's photos are revealed (the match says so); until then neither photo shows. */
  revealed: boolean;
  lengthSeconds: number | null;
}

export const NO_DROP: PeerDrop = { dropped: false, secondsLeft: 0, seen: false };
export const PLAIN_READING: CallReading = { ending: "ended", drop: NO_DROP, limitText: null };
export const DAILY_LIMIT_TITLE = "No calls left today";
/** A 429 that is not the day's limit (too many rings to this match): the server's sentence follows. */
export const RATE_LIMITED_TITLE = "Can't call right now";

/** The title of each SPEC §2 panel state, and of the endings issue 27 names. */
export function panelTitle(state: CallState, reading: CallReading = PLAIN_READING, username = ""): string {
  switch (state.phase) {
    case "idle":
      return "Starting call...";
    case "connecting":
      return "Connecting...";
    case "ringing":
      return state.role === "receiver" ? "Incoming Call" : "Calling...";
    case "connected":
      return "On Call";
    case "ended":
      if (reading.ending === "no-answer") return "No answer";
      if (reading.ending === "cancelled") return "Call cancelled";
      if (reading.ending === "peer-left") return peerLeftText(username);
      return "Call Ended";
    case "error":
      // A 429 is not a failure: the day's limit (in the app's own words), or too many rings just now.
      if (state.limitReached) return reading.limitText ? DAILY_LIMIT_TITLE : RATE_LIMITED_TITLE;
      return "Call Failed";
  }
}

function ConnectedLines({
  state,
  username,
  live,
  drop,
  lengthSeconds,
}: {
  state: CallState;
  username: string;
  live: LiveCall;
  drop: PeerDrop;
  lengthSeconds: number | null;
}) {
  return (
    <>
      {drop.dropped ? (
        <p role="status" className="font-medium text-amber-900" data-testid="peer-dropped">
          {peerDroppedText(username, drop.secondsLeft)}
        </p>
      ) : (
        <p className="text-stone-600">{`You're talking with ${username}.`}</p>
      )}
      <CallTimer deadlineAt={state.deadlineAt} offsetMs={state.offsetMs} warned={state.warned} />
      <CallProgress deadlineAt={state.deadlineAt} offsetMs={state.offsetMs} lengthSeconds={lengthSeconds} />
      <OnCallNotices state={state} username={username} live={live} />
    </>
  );
}

function Lines({
  state,
  username,
  live,
  reading,
  lengthSeconds,
}: {
  state: CallState;
  username: string;
  live: LiveCall;
  reading: CallReading;
  lengthSeconds: number | null;
}): ReactNode {
  switch (state.phase) {
    case "idle":
    case "connecting":
      return <Spinner label="Please wait" />;
    case "ringing":
      return (
        <p className="text-stone-600">
          {state.role === "receiver" ? `${username} is calling you.` : `Waiting for ${username} to answer.`}
        </p>
      );
    case "connected":
      return (
        <ConnectedLines
          state={state}
          username={username}
          live={live}
          drop={reading.drop}
          lengthSeconds={lengthSeconds}
        />
      );
    case "ended": {
      const line = endedLine(state, reading.ending);
      return line ? <p className="font-medium text-stone-700">{line}</p> : null;
    }
    case "error":
      if (state.limitReached) {
        // The day's limit in the app's one sentence when known, else the server's own sentence.
        return (
          <p className="font-medium text-stone-700" data-testid="call-limit">
            {reading.limitText ?? state.error}
          </p>
        );
      }
      return (
        <>
          <p className="text-stone-600">{CALL_FAILED_TEXT}</p>
          <p className="font-medium text-red-700" data-testid="call-error">
            {state.error}
          </p>
          {state.micBlocked ? <p className="text-sm text-stone-600">{MIC_BLOCKED_HELP}</p> : null}
        </>
      );
  }
}

/** SPEC §2 call panel: one card whose title, lines and buttons follow the call state. */
export function CallPanel({
  state,
  actions,
  username,
  peerMuted = false,
  quality = null,
  localStream = null,
  remoteStream = null,
  cast,
  reading = PLAIN_READING,
  next,
}: {
  state: CallState;
  actions: CallActions;
  username: string;
  /** The other side muted their microphone (their `mute` frame). */
  peerMuted?: boolean;
  quality?: CallQuality | null;
  /** This side's microphone, for the level meter. */
  localStream?: MediaStream | null;
  /** The other side's audio, for their activity on their avatar. */
  remoteStream?: MediaStream | null;
  cast: CallCast;
  reading?: CallReading;
  next?: NextSteps;
}) {
  const title = panelTitle(state, reading, username);
  const pulsing = state.phase === "ringing" || state.phase === "connected";
  // The meter listens only while on call: a ringing receiver's microphone is not even open.
  const connected = state.phase === "connected";
  const mic = useMicLevel(connected ? localStream : null);
  const theirs = useMicLevel(connected ? remoteStream : null);
  const live: LiveCall = { peerMuted, quality, mic };
  return (
    <section
      aria-label="Call"
      className="flex flex-col items-center gap-5 rounded-3xl border border-stone-200 bg-white p-8 text-center shadow-sm"
    >
      <CallPeople
        you={{ person: cast.you, label: "You", activity: connected ? mic : null, muted: state.muted }}
        them={{ person: cast.them, label: username, activity: connected ? theirs : null, muted: peerMuted }}
        revealed={cast.revealed}
        pulsing={pulsing && !reading.drop.dropped}
        over={state.phase === "error" || state.phase === "ended"}
      />
      <h2 className="font-semibold text-2xl text-stone-900" aria-live="polite">
        {title}
      </h2>
      <div className="flex flex-col items-center gap-2">
        <Lines
          state={state}
          username={username}
          live={live}
          reading={reading}
          lengthSeconds={cast.lengthSeconds}
        />
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        <CallButtons state={state} actions={actions} ending={reading.ending} next={next} />
      </div>
    </section>
  );
}
