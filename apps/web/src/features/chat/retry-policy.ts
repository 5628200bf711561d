import { ApiError } from "../../lib/api";

/** First retry after 1 s, doubling, never more than 30 s apart: a long outage costs little. */
export const RETRY_BASE_MS = 1_000;
export const RETRY_CAP_MS = 30_000;
/** A send the network neither answers nor refuses is given up on (and sent again) after this. */
export const SEND_TIMEOUT_MS = 15_000;

export type SendFailure = { kind: "retry" } | { kind: "refused"; reason: string };

/**
 * Whether a failed send is worth repeating unchanged. No answer (offline, aborted, timed out) or a server
 * fault (5xx) may pass: the same clientId makes a repeat safe. Any other 4xx is the server's considered
 * "no" (blank, too long, too many, locked, match gone): repeating will not change it, so the person is
 * told, in the server's own sentence, and decides.
 */
export function classifySendFailure(error: unknown): SendFailure {
  if (!(error instanceof ApiError)) return { kind: "retry" };
  if (error.status >= 500 || error.status === 408) return { kind: "retry" };
  return { kind: "refused", reason: error.detail || "The message could not be sent." };
}

/** Wait before the n-th retry (n from 1): 1 s, 2 s, 4 s … capped at 30 s, plus up to 0.5 s of jitter. */
export function retryDelayMs(retry: number, random: () => number = Math.random): number {
  const exponential = RETRY_BASE_MS * 2 ** Math.max(0, retry - 1);
  // Jitter spreads the retries of many tabs that lost the same server at the same moment.
  return Math.min(RETRY_CAP_MS, exponential) + Math.floor(random() * 500);
}
