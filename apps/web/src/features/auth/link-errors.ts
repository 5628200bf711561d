// What a mailed link's page does with the server's refusal. Checked by shape, not `instanceof
// ApiError`, so that this module (and its test) stand without the app's modules.

interface StatusError {
  status: number;
  field?: string;
}

function statusOf(error: unknown): StatusError | null {
  if (typeof error !== "object" || error === null) return null;
  const status = (error as { status?: unknown }).status;
  return typeof status === "number" ? (error as StatusError) : null;
}

/** The server's 'expired or already used' answer (400 LINK_EXPIRED): about the link, not a field of the form. */
export function isExpiredLink(error: unknown): boolean {
  const e = statusOf(error);
  return e !== null && e.status === 400 && e.field !== "password";
}

/** The server answered (a 4xx): asking again with the same token gets the same answer. */
export function isFinalAnswer(error: unknown): boolean {
  const e = statusOf(error);
  return e !== null && e.status >= 400 && e.status < 500;
}
