import type { ChatMessageEvent, ChatReadEvent, Message } from "@kindred/shared/chat";

// Checked by hand, not with the shared zod schemas: the nav badge listens to these on every page and
// the entry chunk must stay free of zod.

const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);

function isMessage(value: unknown): value is Message {
  const m = value as Partial<Message> | null;
  return (
    isInt(m?.id) &&
    isInt(m.matchId) &&
    isInt(m.senderId) &&
    isInt(m.seq) &&
    typeof m.content === "string" &&
    typeof m.sentAt === "string" &&
    typeof m.clientId === "string" &&
    typeof m.isRead === "boolean"
  );
}

/** A pushed frame as a chat event, or null when it is anything else (or malformed). */
export function asChatEvent(frame: unknown): ChatMessageEvent | ChatReadEvent | null {
  const f = frame as { type?: unknown } & Record<string, unknown>;
  if (f?.type === "chat:message") {
    return isMessage(f.message) ? { type: "chat:message", message: f.message } : null;
  }
  if (f?.type === "chat:read" && isInt(f.matchId) && isInt(f.userId) && isInt(f.upToSeq)) {
    return { type: "chat:read", matchId: f.matchId, userId: f.userId, upToSeq: f.upToSeq };
  }
  return null;
}
