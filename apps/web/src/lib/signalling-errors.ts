/** SPEC §8 sentences this socket can produce. */
export const SIGNALLING_ERRORS = {
  notEstablished: "Signaling connection not established",
  userIdNotSet: "User ID not set",
  timeout: "Signaling connection timeout",
  error: "Signaling connection error",
  gaveUp: "Failed to reconnect to signaling server after multiple attempts",
  joinTimeout: "Timed out waiting to join room",
} as const;
