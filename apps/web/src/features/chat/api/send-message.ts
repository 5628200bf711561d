import type { Message, SendMessageInput } from "@kindred/shared/chat";
import { apiJson } from "@/lib/api";

/** POST /api/matches/{id}/messages: 201 with the message, or 200 with it again for a clientId already sent. */
export function sendMessage(matchId: number, input: SendMessageInput): Promise<Message> {
  return apiJson<Message>("POST", `/api/matches/${matchId}/messages`, input);
}
