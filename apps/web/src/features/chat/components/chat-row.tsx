import type { ChatSummary } from "@kindred/shared/chat";
import { formatDistanceToNow } from "date-fns";
import { Link } from "react-router";
import { PersonAvatar } from "@/components/person-avatar";
import { cn } from "@/lib/cn";
import { badgeCount } from "../unread";

/** One conversation in the list: who, the last thing said and when, and how much is unread. */
export function ChatRow({ chat, myId, now }: { chat: ChatSummary; myId: number; now: number }) {
  const { match, lastMessage, unreadCount } = chat;
  const other = match.otherUser;
  const unread = unreadCount > 0;
  const preview = lastMessage
    ? `${lastMessage.senderId === myId ? "You: " : ""}${lastMessage.content}`
    : "No messages yet";
  return (
    <li>
      <Link
        to={`/conversation/${match.id}`}
        className="flex items-center gap-4 rounded-2xl px-3 py-3 transition-colors hover:bg-stone-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-400"
      >
        {/* The name says it all (and whether they are online): the avatar's own words would come first. */}
        <span aria-hidden>
          <PersonAvatar person={other} revealed={match.arePhotosRevealed} online={other.online} size="sm" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-3">
            {/* The link is named by what it shows (axe: label-content-name-mismatch), said in full. */}
            <p className={cn("truncate text-stone-900", unread ? "font-bold" : "font-semibold")}>
              <span className="sr-only">
                {`Chat with ${other.username}${unread ? `, ${unreadCount} unread` : ""}.${other.online ? " Online now." : ""}`}
              </span>
              <span aria-hidden>{other.username}</span>
            </p>
            {lastMessage ? (
              <time dateTime={lastMessage.sentAt} className="shrink-0 text-stone-500 text-xs">
                {formatDistanceToNow(new Date(Math.min(Date.parse(lastMessage.sentAt), now)), {
                  addSuffix: true,
                })}
              </time>
            ) : null}
          </div>
          <div className="mt-0.5 flex items-center justify-between gap-3">
            <p className={cn("truncate text-sm", unread ? "font-medium text-stone-900" : "text-stone-500")}>
              {preview}
            </p>
            {unread ? (
              <span
                aria-hidden
                className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-rose-600 px-1.5 font-semibold text-[11px] text-white"
              >
                {badgeCount(unreadCount)}
              </span>
            ) : null}
          </div>
        </div>
      </Link>
    </li>
  );
}
