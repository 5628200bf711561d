import { MessageCircle, MessagesSquare } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useChatsQuery } from "../api/get-chats";
import { unreadChats } from "../unread";
import { ChatRow } from "./chat-row";

/** "2 minutes ago" goes stale: the list re-renders once a minute. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function EmptyState({ title, text, toMatches }: { title: string; text: string; toMatches?: boolean }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-3xl border border-stone-300 border-dashed bg-white/60 px-6 py-14 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br from-rose-100 to-violet-100 text-rose-700">
        <MessagesSquare className="size-7" aria-hidden />
      </span>
      <p className="font-semibold text-lg text-stone-900">{title}</p>
      <p className="max-w-sm text-sm text-stone-600">{text}</p>
      {toMatches ? (
        <Button asChild variant="gradient" className="mt-2">
          <Link to="/matches">Go to Matches</Link>
        </Button>
      ) : null}
    </div>
  );
}

/**
 * SPEC §2 "Chats list": every unlocked chat, or those with something unread. `top`: what the route
 * puts above the list (missed calls, from the calls feature).
 */
export function ChatList({ myId, top }: { myId: number; top?: ReactNode }) {
  const chats = useChatsQuery();
  const now = useMinuteClock();

  if (chats.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8" label="Loading chats" />
      </div>
    );
  }
  if (chats.isError && !chats.data) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-3xl bg-red-50 p-8 text-center">
        <p className="text-red-800">Your chats could not be loaded. Please try again.</p>
        <Button variant="outline" onClick={() => void chats.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const all = chats.data ?? [];
  const unread = unreadChats(all);
  const list = (items: typeof all) => (
    <ul className="flex flex-col gap-1 rounded-3xl border border-stone-200 bg-white p-2 shadow-sm">
      {items.map((chat) => (
        <ChatRow key={chat.match.id} chat={chat} myId={myId} now={now} />
      ))}
    </ul>
  );

  return (
    <div className="flex flex-col gap-4">
      {top}
      <Tabs defaultValue="all">
        <TabsList className="w-full max-w-sm">
          <TabsTrigger value="all">All Chats</TabsTrigger>
          <TabsTrigger value="unread">
            Unread
            {unread.length > 0 ? (
              <span className="ml-2 rounded-full bg-rose-600 px-1.5 text-[11px] text-white leading-5">
                {unread.length}
              </span>
            ) : null}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="all">
          {all.length > 0 ? (
            list(all)
          ) : (
            <EmptyState
              title="No chats yet"
              text="Chat unlocks after your second audio call with a match. Call your matches to start chatting."
              toMatches
            />
          )}
        </TabsContent>
        <TabsContent value="unread">
          {unread.length > 0 ? (
            list(unread)
          ) : (
            <EmptyState title="No unread messages" text="You're all caught up." />
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}

export function ChatsHeading() {
  return (
    <div className="flex items-center gap-3">
      <span className="flex size-11 items-center justify-center rounded-2xl bg-gradient-to-br from-rose-100 to-violet-100 text-rose-700">
        <MessageCircle className="size-5" aria-hidden />
      </span>
      <h1 className="font-bold text-3xl text-stone-900 tracking-tight">Chats</h1>
    </div>
  );
}
