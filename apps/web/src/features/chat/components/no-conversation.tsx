import { MessagesSquare } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

/** SPEC §2: a conversation id that is not one of your live matches (or not a match at all). */
export function NoConversation() {
  return (
    <section className="flex flex-col items-center gap-3 rounded-3xl border border-stone-200 bg-white px-6 py-14 text-center shadow-sm">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br from-rose-100 to-violet-100 text-rose-700">
        <MessagesSquare className="size-7" aria-hidden />
      </span>
      <h1 className="font-semibold text-2xl text-stone-900">No Conversation Selected</h1>
      <p className="max-w-sm text-stone-600">This conversation isn't available. Find a match to talk to.</p>
      <Button asChild variant="gradient" className="mt-2">
        <Link to="/matches">Discover Matches</Link>
      </Button>
    </section>
  );
}
