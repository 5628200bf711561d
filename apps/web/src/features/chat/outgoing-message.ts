/** sending: on its way or next in line; waiting: a retry is due at retryAt; refused: the server said no. */
export type OutgoingStatus = "sending" | "waiting" | "refused";

/** A message typed and sent here that the server has not confirmed yet. */
export interface OutgoingMessage {
  clientId: string;
  matchId: number;
  content: string;
  createdAt: string;
  status: OutgoingStatus;
  retries: number;
  /** The server's sentence when it refused the message. */
  error: string | null;
  retryAt: number | null;
}
