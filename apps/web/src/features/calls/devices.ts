// The microphone and speaker a person chose, remembered on this device, and opening the microphone.

const MICROPHONE_KEY = "kindred.calls.microphone";
const SPEAKER_KEY = "kindred.calls.speaker";

/** SPEC §9 audio: echo cancellation, noise suppression and auto gain on; no video. */
export function audioConstraints(deviceId: string | null): MediaStreamConstraints {
  const audio: MediaTrackConstraints = {
    echoCancellation: true,
    noiseSuppression: true,
    autoGainControl: true,
  };
  if (deviceId) audio.deviceId = { exact: deviceId };
  return { audio, video: false };
}

/** A chosen device that is gone fails with one of these; the default device is used instead. */
function isMissingDevice(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === "OverconstrainedError" || name === "NotFoundError";
}

/** Opens the microphone with the chosen device, or the default one when that device is gone. */
export async function openMicrophone(deviceId: string | null): Promise<MediaStream> {
  const media = navigator.mediaDevices;
  if (!media?.getUserMedia) {
    throw Object.assign(new Error("This browser cannot open a microphone"), { name: "NotFoundError" });
  }
  if (!deviceId) return media.getUserMedia(audioConstraints(null));
  try {
    return await media.getUserMedia(audioConstraints(deviceId));
  } catch (error) {
    if (!isMissingDevice(error)) throw error;
    return media.getUserMedia(audioConstraints(null));
  }
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key) || null;
  } catch {
    return null; // storage blocked (private mode, policy): the default device it is
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value) localStorage.setItem(key, value);
    else localStorage.removeItem(key);
  } catch {
    // storage blocked: the choice lasts for this page only, through the caller's state
  }
}

/** The chosen microphone's deviceId, or null for the browser's default. */
export function chosenMicrophone(): string | null {
  return read(MICROPHONE_KEY);
}

export function chooseMicrophone(deviceId: string | null): void {
  write(MICROPHONE_KEY, deviceId);
}

/** The chosen speaker's deviceId, or null for the browser's default. */
export function chosenSpeaker(): string | null {
  return read(SPEAKER_KEY);
}

export function chooseSpeaker(deviceId: string | null): void {
  write(SPEAKER_KEY, deviceId);
  notifySpeakerChange();
}

/** Whether this browser can route audio to a chosen speaker (HTMLMediaElement.setSinkId). */
export function canChooseSpeaker(): boolean {
  return typeof HTMLMediaElement !== "undefined" && "setSinkId" in HTMLMediaElement.prototype;
}

// Playing audio elements follow a new speaker choice at once (settings page open in another view).
const speakerListeners = new Set<() => void>();

export function onSpeakerChange(listener: () => void): () => void {
  speakerListeners.add(listener);
  return () => {
    speakerListeners.delete(listener);
  };
}

function notifySpeakerChange(): void {
  for (const listener of speakerListeners) listener();
}
