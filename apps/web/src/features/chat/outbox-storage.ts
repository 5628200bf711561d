import type { OutgoingMessage } from "./outgoing-message";

export type SmallStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** What survives a reload: enough to send again with the same clientId, so the server keeps one copy. */
type Stored = Pick<OutgoingMessage, "clientId" | "matchId" | "content" | "createdAt" | "status" | "error">;

function isStored(value: unknown): value is Stored {
  const v = value as Partial<Stored> | null;
  return (
    typeof v?.clientId === "string" &&
    typeof v.matchId === "number" &&
    typeof v.content === "string" &&
    typeof v.createdAt === "string"
  );
}

/** The queue a previous page load left: each message ready to go again (a refusal stays refused). */
export function loadOutgoing(
  storage: SmallStorage | null | undefined,
  key: string | undefined,
): OutgoingMessage[] {
  if (!storage || !key) return [];
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isStored).map((s) => ({
      clientId: s.clientId,
      matchId: s.matchId,
      content: s.content,
      createdAt: s.createdAt,
      status: s.status === "refused" ? "refused" : "sending",
      error: s.status === "refused" ? (s.error ?? null) : null,
      retries: 0,
      retryAt: null,
    }));
  } catch {
    return [];
  }
}

export function saveOutgoing(
  storage: SmallStorage | null | undefined,
  key: string | undefined,
  items: readonly OutgoingMessage[],
): void {
  if (!storage || !key) return;
  try {
    if (items.length === 0) {
      storage.removeItem(key);
      return;
    }
    const stored: Stored[] = items.map((i) => ({
      clientId: i.clientId,
      matchId: i.matchId,
      content: i.content,
      createdAt: i.createdAt,
      status: i.status,
      error: i.error,
    }));
    storage.setItem(key, JSON.stringify(stored));
  } catch {
    // Storage full or blocked: the queue still works for this page's life.
  }
}
