import {
  CHAT_LOCKED_MESSAGE,
  type ChatMessageEvent,
  type ChatReadEvent,
  chatListSchema,
  messagePageSchema,
  messageSchema,
  messagesQuerySchema,
  readResultSchema,
  readSchema,
  sendMessageSchema,
} from "@kindred/shared/chat";
import { idParamsSchema } from "@kindred/shared/matches";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses, WRITE_ERRORS } from "../../lib/error-responses.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { currentUser } from "../../plugins/auth-hook.ts";
import { toMatch } from "../matches/present.ts";
import { chatsOf, findConversation, messagesAfter } from "./data.ts";
import { markRead, sendMessage } from "./mutations.ts";
import { toMessage } from "./present.ts";

const params = { params: idParamsSchema };

const chatsSchema = {
  summary: "The signed-in user's conversations: match, last message, unread count",
  response: { 200: chatListSchema, ...errorResponses(401) },
};

/** DECISIONS "Chat and notes": messages of a live, unlocked match, readable by its two participants only. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The guard for reading a conversation: the caller's live match (else 404), unlocked (else 403). */
  async function openChat(matchId: number, userId: number) {
    const found = await findConversation(app.db, matchId, userId);
    if (!found) throw notFound("Match not found");
    if (!found.match.isChatUnlocked) throw new HttpError(403, CHAT_LOCKED_MESSAGE);
    return found;
  }

  const tellBoth = (userIds: number[], frame: ChatMessageEvent | ChatReadEvent) =>
    Promise.all(userIds.map((id) => app.realtime.hub.send(id, { to: "user", frame })));

  app.get("/chats", { schema: chatsSchema }, async (request) => {
    const me = currentUser(request);
    const rows = await chatsOf(app.db, me.id);
    const online = await app.realtime.presence.onlineAmong(rows.map((r) => r.other.id));
    return rows.map((r) => ({
      match: toMatch(r.match, me, r.other, online.has(r.other.id)),
      lastMessage: r.last ? toMessage(r.last) : null,
      unreadCount: r.unread,
    }));
  });

  app.get(
    "/matches/:id/messages",
    {
      schema: {
        ...params,
        summary: "A page of a match's messages after a sequence number (chat unlocked)",
        querystring: messagesQuerySchema,
        response: { 200: messagePageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { match, otherReadUpTo } = await openChat(request.params.id, me.id);
      const { after, limit } = request.query;
      // A message is committed with the match's seq moved past it: a poll with nothing new stops here.
      const { rows, hasMore } =
        match.lastMessageSeq > after
          ? await messagesAfter(app.db, match.id, after, limit)
          : { rows: [], hasMore: false };
      reply.header("cache-control", "no-store");
      return { messages: rows.map(toMessage), hasMore, otherReadUpTo };
    },
  );

  app.post(
    "/matches/:id/messages",
    {
      schema: {
        ...params,
        summary: "Send a message (201); a retry with the same clientId gets the first back (200)",
        body: sendMessageSchema,
        response: {
          200: messageSchema,
          201: messageSchema,
          ...errorResponses(...WRITE_ERRORS, 401, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      // The statement that stores the message is the guard: one round trip (mutations.ts).
      const sent = await sendMessage(app.db, {
        matchId: request.params.id,
        senderId: me.id,
        ...request.body,
      });
      const shown = toMessage(sent.message);
      // Pushed to the recipient and to the sender's other tabs; a retry is not news.
      if (sent.created) await tellBoth([sent.otherId, me.id], { type: "chat:message", message: shown });
      return reply.status(sent.created ? 201 : 200).send(shown);
    },
  );

  app.post(
    "/matches/:id/read",
    {
      schema: {
        ...params,
        summary: "Mark a match's messages read, up to a sequence number (default: all)",
        body: readSchema.optional(),
        response: { 200: readResultSchema, ...errorResponses(...WRITE_ERRORS, 401, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { match, other } = await openChat(request.params.id, me.id);
      const upTo = Math.min(request.body?.upToSeq ?? match.lastMessageSeq, match.lastMessageSeq);
      const readUpTo = await markRead(app.db, match.id, me.id, upTo);
      await tellBoth([other.id, me.id], {
        type: "chat:read",
        matchId: match.id,
        userId: me.id,
        upToSeq: readUpTo,
      });
      return { readUpTo };
    },
  );
};
