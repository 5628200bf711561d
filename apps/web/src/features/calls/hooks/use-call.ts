import { SIGNALLING_SOCKET_PATH } from "@kindred/shared/signalling";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { useAuth } from "@/lib/auth";
import { useStatusSocket } from "@/lib/realtime";
import { SignallingSocket } from "@/lib/signalling-socket";
import { socketUrl } from "@/lib/socket-url";
import { createCall } from "../api/create-call";
import { getActiveCall } from "../api/get-active-call";
import { getCall } from "../api/get-call";
import { getIceConfig } from "../api/get-ice-servers";
import { updateCall } from "../api/update-call";
import { type CallApi, CallSession, type CallSnapshot } from "../call-session";
import { INITIAL_CALL_STATE } from "../call-state";

/** SPEC §9 audio: echo cancellation, noise suppression and auto gain on; no video. */
export const AUDIO_CONSTRAINTS: MediaStreamConstraints = {
  audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
  video: false,
};

const api: CallApi = {
  getActive: getActiveCall,
  get: getCall,
  create: createCall,
  update: updateCall,
  iceConfig: getIceConfig,
};

declare global {
  interface Window {
    /** The call's peer connection, for browser tests that read its stats. Holds nothing secret. */
    __kindredPeer?: RTCPeerConnection | null;
  }
}

const IDLE: CallSnapshot = { state: INITIAL_CALL_STATE, call: null, remoteStream: null };

export interface UseCall extends CallSnapshot {
  answer: () => void;
  reject: () => void;
  hangUp: () => void;
  toggleMute: () => void;
}

/**
 * The call of one match on the call page: a CallSession for as long as the page (and user) stay,
 * fed by the page's online-status socket as well as its own /rtc socket.
 */
export function useCall(matchId: number, answerCallId: number | null): UseCall {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const statusSocket = useStatusSocket();
  const [session, setSession] = useState<CallSession | null>(null);
  // Read once: the page may tidy its URL, and that must not start the call again.
  const [answerId] = useState(answerCallId);

  useEffect(() => {
    if (userId === null) return;
    const s = new CallSession({
      matchId,
      userId,
      answerCallId: answerId,
      api,
      openSocket: (hooks) =>
        new SignallingSocket({ url: () => socketUrl(SIGNALLING_SOCKET_PATH), userId, ...hooks }),
      getUserMedia: () => navigator.mediaDevices.getUserMedia(AUDIO_CONSTRAINTS),
      createPeer: (config) => new RTCPeerConnection(config),
      onPeer: (pc) => {
        window.__kindredPeer = pc;
      },
    });
    setSession(s);
    void s.start();
    return () => {
      s.dispose();
      setSession(null);
    };
  }, [matchId, userId, answerId]);

  useEffect(() => {
    if (!statusSocket || !session) return;
    return statusSocket.onFrame((frame) => session.handleStatusFrame(frame));
  }, [statusSocket, session]);

  const subscribe = useCallback((notify: () => void) => session?.subscribe(notify) ?? (() => {}), [session]);
  const snapshot = useSyncExternalStore(
    subscribe,
    () => session?.snapshot ?? IDLE,
    () => IDLE,
  );

  return {
    ...snapshot,
    answer: () => void session?.answer(),
    reject: () => void session?.reject(),
    hangUp: () => void session?.hangUp(),
    toggleMute: () => session?.toggleMute(),
  };
}
