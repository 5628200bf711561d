import { PRODUCT_NAME } from "@kindred/shared/constants";
import { MissedCallList } from "@/features/calls/components/missed-call-line";
import { ChatList, ChatsHeading } from "@/features/chat/components/chat-list";
import { useAuth } from "@/lib/auth";

export function ChatsPage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 md:py-10">
      <title>{`Chats · ${PRODUCT_NAME}`}</title>
      <ChatsHeading />
      <ChatList myId={user.id} top={<MissedCallList />} />
    </section>
  );
}
