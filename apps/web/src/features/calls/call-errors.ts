// The call errors of SPEC §8, word for word: every screen and test takes them from here.

export const CALL_ERRORS = {
  getCall: (status: number, text: string) => `Failed to get call data: ${status} ${text}`,
  createCall: (status: number, text: string) => `Failed to create call record: ${status} ${text}`,
  invalidCall: "Invalid call data returned from API",
  noActiveCall: "Couldn't find an active call for this match",
  micRefused: "Failed to access microphone or camera",
  micUnavailable: "Could not access camera or microphone",
  connectionFailed: "Connection failed",
  connectionFailedRepeatedly: "Connection failed after multiple attempts",
  createOffer: "Failed to create offer",
  handleOffer: "Failed to handle offer",
  handleAnswer: "Failed to handle answer",
} as const;

/** The error panel's general line (SPEC §2 call page, error state). */
export const CALL_FAILED_TEXT =
  "There was a problem connecting the call. Please check your microphone permissions and network connection.";

/** A refused microphone: how to let Kindred use it again. */
export const MIC_BLOCKED_HELP =
  "Your browser blocked the microphone. Click the lock or site-settings icon next to the address bar, set Microphone to Allow for this site, then reload the page.";

export const CALL_ENDED_TOAST = {
  title: "Call Ended",
  description: "Your call has ended. Redirecting to matches...",
} as const;

/** A getUserMedia failure: refused by the person or the browser, or no usable device. */
export function mediaErrorMessage(error: unknown): { message: string; blocked: boolean } {
  const name =
    error instanceof Error || (typeof error === "object" && error !== null) ? (error as Error).name : "";
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError") {
    return { message: CALL_ERRORS.micRefused, blocked: true };
  }
  return { message: CALL_ERRORS.micUnavailable, blocked: false };
}
