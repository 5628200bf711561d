import { useId } from "react";
import { useAuth } from "@/lib/auth";
import { cn } from "@/lib/cn";
import { useUpdateProfileMutation } from "../api/update-profile";

/**
 * 'Pause my profile': while on, the server leaves this person out of new matching (theirs and
 * everyone else's); their matches, calls and chats go on.
 */
export function PauseProfile() {
  const { user } = useAuth();
  const update = useUpdateProfileMutation();
  const labelId = useId();
  const descriptionId = useId();
  if (!user) return null;
  const paused = update.isPending ? Boolean(update.variables?.matchingPaused) : user.matchingPaused;
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <p id={labelId} className="font-medium text-stone-900">
          Pause my profile
        </p>
        <p id={descriptionId} className="text-sm text-stone-600">
          {paused
            ? "Paused: nobody new is matched with you. Your matches, calls and chats go on."
            : "While paused, nobody new is matched with you. Your matches, calls and chats go on."}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={paused}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        disabled={update.isPending}
        onClick={() => update.mutate({ matchingPaused: !paused })}
        className={cn(
          "relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-400 focus-visible:ring-offset-2 disabled:opacity-60",
          paused ? "bg-rose-600" : "bg-stone-300",
        )}
      >
        <span
          aria-hidden
          className={cn(
            "inline-block size-5 rounded-full bg-white shadow transition-transform",
            paused ? "translate-x-6" : "translate-x-1",
          )}
        />
      </button>
    </div>
  );
}
