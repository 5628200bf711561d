import { SettingSwitch } from "@/components/ui/setting-switch";
import { useAuth } from "@/lib/auth";
import { useUpdateProfileMutation } from "../api/update-profile";

/**
 * 'Pause my profile': while on, the server leaves this person out of new matching (theirs and
 * everyone else's); their matches, calls and chats go on.
 */
export function PauseProfile() {
  const { user } = useAuth();
  const update = useUpdateProfileMutation();
  if (!user) return null;
  const paused = update.isPending ? Boolean(update.variables?.matchingPaused) : user.matchingPaused;
  return (
    <SettingSwitch
      label="Pause my profile"
      description={
        paused
          ? "Paused: nobody new is matched with you. Your matches, calls and chats go on."
          : "While paused, nobody new is matched with you. Your matches, calls and chats go on."
      }
      checked={paused}
      disabled={update.isPending}
      onChange={(matchingPaused) => update.mutate({ matchingPaused })}
    />
  );
}
