import type { ModerationCase } from "@kindred/shared/moderation";
import { PLANS, type ProfileType } from "@kindred/shared/plans";
import { VoicePlayer } from "@/components/voice-player";
import { formatDay } from "../when";

type Profile = ModerationCase["user"];

const list = (value: string[] | null) => (value && value.length > 0 ? value.join(", ") : null);

/** The reported profile in full, as the moderator needs it (never the email: the server never sends it). */
export function ProfileFacts({ user }: { user: Profile }) {
  const facts: [string, string | number | null][] = [
    ["Name", user.name],
    ["Age", user.age],
    ["Date of birth", user.dateOfBirth ? formatDay(user.dateOfBirth) : null],
    ["Gender", user.gender],
    ["Interested in", list(user.interestedGenders)],
    ["Location", user.location],
    ["Plan", PLANS[user.profileType as ProfileType]?.label ?? user.profileType],
    ["Member since", formatDay(user.createdAt)],
    ["Communication style", user.communicationStyle],
    ["Free time", list(user.freeTimeActivities)],
    ["Values", user.values],
    ["Conflict resolution", user.conflictResolution],
    ["Love language", user.loveLanguage],
    ["Relationship pace", user.relationshipPace],
    ["Dealbreakers", list(user.dealbreakers)],
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
      {user.photoUrl ? (
        <img src={user.photoUrl} alt={user.username} className="size-32 rounded-xl object-cover" />
      ) : (
        <div className="flex size-32 items-center justify-center rounded-xl bg-stone-100 text-sm text-stone-700">
          No photo
        </div>
      )}
      <div className="grid gap-3">
        {user.bio ? <p className="whitespace-pre-line text-stone-800">{user.bio}</p> : null}
        {user.voiceIntro ? (
          <VoicePlayer
            src={user.voiceIntro.url}
            durationMs={user.voiceIntro.durationMs}
            peaks={user.voiceIntro.peaks}
            subject={`${user.username}'s voice intro`}
          />
        ) : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {facts
            .filter(([, value]) => value !== null && value !== "")
            .map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-stone-500">{label}</dt>
                <dd className="text-stone-900">{value}</dd>
              </div>
            ))}
        </dl>
      </div>
    </div>
  );
}
