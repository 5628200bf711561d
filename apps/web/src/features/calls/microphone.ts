import { mediaErrorMessage } from "./call-errors";

/** An Error that says whether the microphone was refused. */
export class MediaError extends Error {
  constructor(
    message: string,
    readonly micBlocked: boolean,
  ) {
    super(message);
    this.name = "MediaError";
  }
}

export interface MicrophoneDeps {
  getUserMedia: (deviceId: string | null) => Promise<MediaStream>;
  /** A new track replaced the old one (device switched, or the old one ended). */
  onTrack: (stream: MediaStream) => void;
}

function stopTracks(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * The call's microphone: opened once, switched to another device on request, and reopened on the
 * default device when the live one ends (unplugged), so the call never drops for it.
 */
export class Microphone {
  private current: MediaStream | null = null;
  private muted = false;
  private closed = false;
  private deviceId: string | null = null;

  constructor(private readonly deps: MicrophoneDeps) {}

  get stream(): MediaStream | null {
    return this.current;
  }

  get track(): MediaStreamTrack | null {
    return this.current?.getAudioTracks()[0] ?? null;
  }

  /** Opens the chosen device (or keeps what is open). Throws a MediaError with the SPEC §8 sentence. */
  async open(): Promise<MediaStream> {
    if (this.current) return this.current;
    const stream = await this.request(this.deviceId);
    if (this.closed) {
      stopTracks(stream);
      throw new MediaError("closed", false);
    }
    this.use(stream);
    return stream;
  }

  /** Another device: opened if the microphone is open, the old one stopped once the new one is in. */
  async switchTo(deviceId: string | null): Promise<void> {
    this.deviceId = deviceId;
    if (this.current) await this.reopen(deviceId);
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    for (const track of this.current?.getAudioTracks() ?? []) track.enabled = !muted;
  }

  close(): void {
    this.closed = true;
    stopTracks(this.current);
    this.current = null;
  }

  private async reopen(deviceId: string | null): Promise<void> {
    const stream = await this.request(deviceId);
    if (this.closed) return stopTracks(stream);
    const old = this.current;
    this.use(stream);
    this.deps.onTrack(stream);
    stopTracks(old);
  }

  private use(stream: MediaStream): void {
    this.current = stream;
    for (const track of stream.getAudioTracks()) {
      track.enabled = !this.muted;
      track.addEventListener?.("ended", () => {
        // Unplugged: back to the default device, quietly.
        if (!this.closed && this.track === track) void this.reopen(null).catch(() => {});
      });
    }
  }

  private request(deviceId: string | null): Promise<MediaStream> {
    return this.deps.getUserMedia(deviceId).catch((error: unknown) => {
      const { message, blocked } = mediaErrorMessage(error);
      throw new MediaError(message, blocked);
    });
  }
}
