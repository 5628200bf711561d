import type { Match } from "@kindred/shared/matches";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo } from "react";
import { ApiError } from "@/lib/api";
import { matchQueryKey } from "@/lib/matches";
import { useThreadQuery } from "../api/get-messages";
import { useConversationLive } from "../hooks/use-conversation-live";
import { useMarkRead } from "../hooks/use-mark-read";
import { useOutbox } from "../hooks/use-outbox";
import { chatItems, EMPTY_THREAD } from "../thread";
import { ChatLocked } from "./chat-locked";
import { ConversationHeader } from "./conversation-header";
import { MessageComposer } from "./message-composer";
import { MessageList } from "./message-list";

/** The unlocked conversation: the thread, live, and the box to write in. */
function ChatBody({ match, myId }: { match: Match; myId: number }) {
  const queryClient = useQueryClient();
  const thread = useThreadQuery(match.id, true);
  const { outbox, outgoing } = useOutbox(match.id);
  useConversationLive(match.id, match.otherUser.id, outbox);
  useMarkRead(match.id, myId, thread.data);

  // Housekeeping: a queued message that a fetch shows the server already holds leaves the queue.
  useEffect(() => {
    if (thread.data) outbox?.settle(thread.data.messages.filter((m) => m.senderId === myId));
  }, [thread.data, outbox, myId]);

  // Refused with a 4xx (locked again, or the match is over): the match itself says what to show.
  const refused = thread.error instanceof ApiError && thread.error.status < 500;
  useEffect(() => {
    if (refused) void queryClient.invalidateQueries({ queryKey: matchQueryKey(match.id) });
  }, [refused, queryClient, match.id]);

  const items = useMemo(
    () => chatItems(thread.data ?? EMPTY_THREAD, outgoing, myId),
    [thread.data, outgoing, myId],
  );

  return (
    <>
      <MessageList
        items={items}
        loading={thread.isPending && outgoing.length === 0}
        failed={thread.isError && !thread.data}
        username={match.otherUser.username}
        outbox={outbox}
      />
      <MessageComposer onSend={(content) => outbox?.enqueue(match.id, content)} />
    </>
  );
}

/**
 * SPEC §2 "Conversation screen" for a match of mine. `notes` (the private-notes dialog) and
 * `onScheduleCall` come from the route, which composes the notes and matches features with this one.
 */
export function ConversationScreen({
  match,
  myId,
  notes,
  onScheduleCall,
}: {
  match: Match;
  myId: number;
  notes?: ReactNode;
  onScheduleCall: () => void;
}) {
  return (
    <section
      aria-label={`Conversation with ${match.otherUser.username}`}
      className="overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-sm"
    >
      <ConversationHeader match={match} notes={notes} />
      {match.isChatUnlocked ? (
        <ChatBody key={match.id} match={match} myId={myId} />
      ) : (
        <ChatLocked
          callCount={match.callCount}
          username={match.otherUser.username}
          onScheduleCall={onScheduleCall}
        />
      )}
    </section>
  );
}
