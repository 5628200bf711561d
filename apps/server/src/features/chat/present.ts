import type { Message } from "@kindred/shared/chat";
import type { MessageRow } from "../../db/schema/messages.ts";

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    matchId: row.matchId,
    senderId: row.senderId,
    content: row.content,
    sentAt: row.sentAt.toISOString(),
    seq: row.seq,
    clientId: row.clientId,
    isRead: row.isRead,
  };
}
