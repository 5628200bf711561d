import { PRODUCT_NAME } from "@kindred/shared/constants";

export const MICROPHONE_COPY = {
  refused: `${PRODUCT_NAME} needs your microphone to record your voice intro. Allow it in your browser's settings and try again.`,
  missing: `${PRODUCT_NAME} couldn't find a microphone. Connect one and try again.`,
  busy: "Your microphone couldn't start: another app may be using it. Close that app and try again.",
  unsupported: "This browser can't record audio. Please try again in an up-to-date browser.",
} as const;

/** The sentence for a failed getUserMedia or MediaRecorder, by the DOMException's name. */
export function microphoneErrorText(error: unknown): string {
  const name = typeof error === "object" && error !== null ? String((error as { name?: unknown }).name) : "";
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError") {
    return MICROPHONE_COPY.refused;
  }
  if (name === "NotFoundError" || name === "DevicesNotFoundError" || name === "OverconstrainedError") {
    return MICROPHONE_COPY.missing;
  }
  if (name === "NotReadableError" || name === "TrackStartError" || name === "AbortError") {
    return MICROPHONE_COPY.busy;
  }
  return MICROPHONE_COPY.unsupported;
}
