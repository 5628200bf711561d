import type { PublicUser } from "@kindred/shared/user";
import { ArrowLeft, MapPin, UserRoundX } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PersonAvatar } from "@/components/person-avatar";
import { Button } from "@/components/ui/button";
import { FullPageSpinner } from "@/components/ui/spinner";
import { voiceIntroSrc } from "@/components/voice-audio";
import { VoicePlayer } from "@/components/voice-player";
import { ApiError, errorDetail } from "@/lib/api";
import { usePublicUserQuery } from "../api/get-public-user";

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl bg-stone-50 p-4">
      <dt className="font-medium text-stone-500 text-xs uppercase tracking-wide">{term}</dt>
      <dd className="mt-1 text-stone-900">{children}</dd>
    </div>
  );
}

function Chips({ items }: { items: readonly string[] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li key={item} className="rounded-full bg-rose-50 px-3 py-1 text-rose-800 text-sm">
          {item}
        </li>
      ))}
    </ul>
  );
}

function ProfileNotFound({ text }: { text: string }) {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-6 py-20 text-center">
      <div className="rounded-full bg-violet-50 p-4 text-violet-600">
        <UserRoundX className="size-8" aria-hidden />
      </div>
      <h1 className="font-bold text-2xl text-stone-900 tracking-tight">Profile not available</h1>
      <p className="text-stone-600">{text}</p>
      <Button asChild variant="gradient">
        <Link to="/matches">Back to matches</Link>
      </Button>
    </section>
  );
}

function ProfileView({ user }: { user: PublicUser }) {
  const facts: [string, string | null][] = [
    ["Gender", user.gender],
    ["Interested in", user.interestedGenders?.join(", ") || null],
    ["Communication style", user.communicationStyle],
    ["Values", user.values],
    ["Conflict resolution", user.conflictResolution],
    ["Love language", user.loveLanguage],
    ["Relationship pace", user.relationshipPace],
  ];
  return (
    <article className="overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-sm">
      <div className="h-28 bg-gradient-to-br from-rose-500 to-violet-600" />
      <div className="-mt-16 px-6 pb-8 sm:px-10">
        <PersonAvatar person={user} revealed={user.photoUrl !== null} size="xl" raised />
        <h1 className="mt-4 font-bold text-3xl text-stone-900 tracking-tight">{user.username}</h1>
        <p className="mt-1 flex items-center gap-1 text-stone-600">
          <MapPin className="size-4" aria-hidden />
          {[user.age ? `${user.age}` : null, user.location].filter(Boolean).join(" · ") || "—"}
        </p>
        {user.voiceIntro ? (
          <section className="mt-6" aria-labelledby="voice-intro-title">
            <h2 id="voice-intro-title" className="font-semibold text-stone-900">
              Voice intro
            </h2>
            <VoicePlayer
              src={voiceIntroSrc(user.voiceIntro)}
              durationMs={user.voiceIntro.durationMs}
              peaks={user.voiceIntro.peaks}
              subject={`${user.username}'s voice intro`}
              className="mt-2 max-w-md rounded-2xl bg-stone-50 p-3"
            />
          </section>
        ) : null}
        {user.bio ? (
          <section className="mt-6">
            <h2 className="font-semibold text-stone-900">About me</h2>
            <p className="mt-2 whitespace-pre-line text-stone-700 leading-relaxed">{user.bio}</p>
          </section>
        ) : null}
        <dl className="mt-6 grid gap-3 sm:grid-cols-2">
          {facts
            .filter(([, value]) => value)
            .map(([term, value]) => (
              <Fact key={term} term={term}>
                {value}
              </Fact>
            ))}
        </dl>
        {user.freeTimeActivities?.length ? (
          <section className="mt-6">
            <h2 className="mb-2 font-semibold text-stone-900">Free time</h2>
            <Chips items={user.freeTimeActivities} />
          </section>
        ) : null}
      </div>
    </article>
  );
}

/** /profile/{userId}: a matched member's public profile; the photo only when the server sends one. */
export function PublicProfile({ userId }: { userId: number }) {
  const { data, isPending, error } = usePublicUserQuery(userId);
  if (!Number.isInteger(userId) || userId <= 0 || (error instanceof ApiError && error.status === 404)) {
    return (
      <ProfileNotFound text="This profile doesn't exist, or you're not matched with this person any more." />
    );
  }
  if (error) return <ProfileNotFound text={errorDetail(error, "An unexpected error occurred")} />;
  if (isPending) return <FullPageSpinner />;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <Button asChild variant="ghost" size="sm" className="mb-4 -ml-3">
        <Link to="/matches">
          <ArrowLeft aria-hidden /> Back to matches
        </Link>
      </Button>
      <ProfileView user={data} />
    </div>
  );
}
