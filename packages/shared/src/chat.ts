import { z } from "zod";
import { MESSAGE_MAX, MESSAGE_PAGE_MAX } from "./constants.ts";
import { matchSchema } from "./matches.ts";

// Here too for the server; the web reads them from constants.ts, which loads no zod.
export { MESSAGE_MAX, MESSAGE_PAGE_MAX };
/** Messages a person may send per match per minute. */
export const MESSAGES_PER_MINUTE = 30;
export const MESSAGE_PAGE_DEFAULT = 100;

export const CHAT_LOCKED_MESSAGE = "Chat will unlock after your second audio call.";

export const sendMessageSchema = z.object({
  content: z
    .string({ error: "Please type a message" })
    .trim()
    .min(1, "Please type a message")
    .max(MESSAGE_MAX, `Please keep a message under ${MESSAGE_MAX.toLocaleString("en-GB")} characters`),
  /** Made by the sender's browser (a UUID): a retry with the same one returns the same message. */
  clientId: z.uuid({ error: "clientId must be a UUID" }),
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

export const messageSchema = z.object({
  id: z.number().int(),
  matchId: z.number().int(),
  senderId: z.number().int(),
  content: z.string(),
  sentAt: z.string(),
  /** The server's order within the match: 1, 2, 3… Never the client's clock. */
  seq: z.number().int(),
  clientId: z.string(),
  /** Whether the recipient has read it (their read position has reached it). */
  isRead: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

/** GET /api/matches/{id}/messages?after={seq}&limit={n}: oldest to newest, after the cursor. */
export const messagesQuerySchema = z.object({
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).default(MESSAGE_PAGE_DEFAULT),
});
export const messagePageSchema = z.object({
  messages: z.array(messageSchema),
  /** More messages follow the last one: ask again with after = its seq. */
  hasMore: z.boolean(),
  /** How far the other person has read (a seq; 0 for nothing), for "Seen". */
  otherReadUpTo: z.number().int(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** POST /api/matches/{id}/read: marks read up to a seq (all, when omitted). Never moves back. */
export const readSchema = z.object({ upToSeq: z.number().int().min(0).optional() });
export const readResultSchema = z.object({ readUpTo: z.number().int() });

/** GET /api/chats: unlocked matches, newest activity first. */
export const chatSummarySchema = z.object({
  match: matchSchema,
  lastMessage: messageSchema.nullable(),
  unreadCount: z.number().int(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;
export const chatListSchema = z.array(chatSummarySchema);

/** Pushed to the recipient's every socket and the sender's other tabs. */
export interface ChatMessageEvent {
  type: "chat:message";
  message: Message;
}
/** Pushed to both people when one reads: the reader's new position. */
export interface ChatReadEvent {
  type: "chat:read";
  matchId: number;
  userId: number;
  upToSeq: number;
}
