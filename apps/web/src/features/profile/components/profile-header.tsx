import { planOf } from "@kindred/shared/plans";
import type { SelfUser } from "@kindred/shared/user";
import { Pencil, UserPen } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { EmojiPickerDialog } from "@/components/ui/emoji-picker-dialog";
import { useUpdateProfileMutation } from "../api/update-profile";

function avatarOf(user: SelfUser): string {
  return user.avatar?.trim() || user.username.charAt(0).toUpperCase() || "U";
}

interface ProfileHeaderProps {
  user: SelfUser;
  onUpdateProfile: () => void;
}

/** The banner: avatar with its change option, the username and plan, and 'Update Profile'. */
export function ProfileHeader({ user, onUpdateProfile }: ProfileHeaderProps) {
  const [picking, setPicking] = useState(false);
  const update = useUpdateProfileMutation();
  const plan = planOf(user.profileType);
  const facts = [user.age ? `${user.age}` : null, user.location].filter(Boolean).join(" · ");

  return (
    <section className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-rose-500 to-violet-600 p-6 text-white shadow-lg sm:p-8">
      <div aria-hidden className="absolute -top-20 -right-10 size-64 rounded-full bg-white/10 blur-2xl" />
      <div className="relative flex flex-col items-center gap-6 text-center sm:flex-row sm:text-left">
        <div className="relative">
          <div className="flex size-24 items-center justify-center rounded-full bg-white/95 text-5xl text-violet-900 shadow-lg ring-4 ring-white/40">
            <span role="img" aria-label={`Avatar ${avatarOf(user)}`}>
              {avatarOf(user)}
            </span>
          </div>
          <button
            type="button"
            onClick={() => setPicking(true)}
            aria-label="Change avatar"
            title="Change avatar"
            className="absolute -right-1 -bottom-1 flex size-9 items-center justify-center rounded-full bg-white text-rose-700 shadow-md ring-2 ring-rose-100 transition hover:scale-105 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
          >
            <Pencil className="size-4" aria-hidden />
          </button>
        </div>
        <div className="min-w-0 flex-1">
          <p className="font-medium text-rose-50/90 text-sm">{plan.label} plan</p>
          <h1 className="mt-1 font-bold text-3xl tracking-tight sm:text-4xl">My Profile</h1>
          <p className="mt-1 truncate text-rose-50/90">
            @{user.username}
            {facts ? ` · ${facts}` : ""}
          </p>
        </div>
        <Button
          onClick={onUpdateProfile}
          className="bg-white text-rose-700 shadow-md hover:bg-rose-50"
          size="lg"
        >
          <UserPen aria-hidden /> Update Profile
        </Button>
      </div>
      <EmojiPickerDialog
        open={picking}
        onOpenChange={setPicking}
        value={user.avatar}
        title="Change your avatar"
        onSelect={(avatar) => {
          setPicking(false);
          if (avatar !== user.avatar) update.mutate({ avatar });
        }}
      />
    </section>
  );
}
