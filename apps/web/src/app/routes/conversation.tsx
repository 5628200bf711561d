import { PRODUCT_NAME } from "@kindred/shared/constants";
import { type ReactNode, useState } from "react";
import { useParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useConversationMatchQuery } from "@/features/chat/api/get-conversation-match";
import { ConversationScreen } from "@/features/chat/components/conversation-screen";
import { NoConversation } from "@/features/chat/components/no-conversation";
import { LazyScheduleCallDialog } from "@/features/matches/components/lazy-dialogs";
import { NotesDialog } from "@/features/notes/components/notes-dialog";
import { ApiError } from "@/lib/api";
import { useAuth } from "@/lib/auth";

/** A match id from the URL in plain decimal, or null: anything else can name no conversation. */
function idOf(value: string | undefined): number | null {
  return value && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : null;
}

/** /conversation/{matchId}: composes the chat, notes and scheduling features for one match. */
export function ConversationPage() {
  const matchId = idOf(useParams().id);
  const { user } = useAuth();
  const match = useConversationMatchQuery(matchId);
  const [scheduling, setScheduling] = useState(false);
  // Not mine, not live, or no such match: the server answers 404 for all three alike.
  const notFound = matchId === null || (match.error instanceof ApiError && match.error.status < 500);

  let body: ReactNode;
  if (notFound) body = <NoConversation />;
  else if (match.data && user) {
    const other = match.data.otherUser;
    body = (
      <>
        <ConversationScreen
          match={match.data}
          myId={user.id}
          notes={<NotesDialog matchId={match.data.id} username={other.username} />}
          onScheduleCall={() => setScheduling(true)}
        />
        <LazyScheduleCallDialog
          matchId={match.data.id}
          username={other.username}
          open={scheduling}
          onOpenChange={setScheduling}
        />
      </>
    );
  } else if (match.isError) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-3xl bg-red-50 p-8 text-center">
        <p className="text-red-800">This conversation could not be loaded. Please try again.</p>
        <Button variant="outline" onClick={() => void match.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="flex justify-center py-16">
        <Spinner className="size-8" label="Loading conversation" />
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-3 py-4 sm:px-6 md:py-8">
      <title>{`Conversation · ${PRODUCT_NAME}`}</title>
      {body}
    </div>
  );
}
