import { describePreferences } from "@kindred/shared/availability";
import type { SelfUser } from "@kindred/shared/user";
import type { LucideIcon } from "lucide-react";
import { CalendarClock, Heart, Quote, User } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Chips, DetailList } from "./detail-list";
import { PhotoCard } from "./photo-card";
import { VoiceIntroCard } from "./voice-intro-card";

function Section({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader className="flex-row items-center gap-3 pb-4">
        <span className="flex size-9 items-center justify-center rounded-xl bg-rose-50 text-rose-700">
          <Icon className="size-4" aria-hidden />
        </span>
        <CardTitle level={2} id={id} className="text-lg">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function agePreference(user: SelfUser): string | null {
  const { agePreferenceMin: min, agePreferenceMax: max } = user;
  return min != null && max != null ? `${min} – ${max}` : null;
}

/** Everything the profile says about its owner (SPEC §2 "Profile page"). */
export function ProfileDetails({ user }: { user: SelfUser }) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="grid content-start gap-6 lg:col-span-2">
        <Section icon={Quote} title="About me">
          {user.bio ? (
            <p className="whitespace-pre-line text-stone-700 leading-relaxed">{user.bio}</p>
          ) : (
            <p className="text-stone-500">Not set</p>
          )}
        </Section>
        <Section icon={Heart} title="Personality">
          <DetailList
            items={[
              { label: "Communication style", value: user.communicationStyle },
              { label: "Free-time activities", value: <Chips items={user.freeTimeActivities} /> },
              { label: "Values", value: user.values },
              { label: "Conflict resolution", value: user.conflictResolution },
              { label: "Love language", value: user.loveLanguage },
              { label: "Relationship pace", value: user.relationshipPace },
              { label: "Deal breakers", value: <Chips items={user.dealbreakers} /> },
            ]}
          />
        </Section>
      </div>
      <div className="grid content-start gap-6">
        <Section icon={User} title="Basics">
          <DetailList
            items={[
              { label: "Gender", value: user.gender },
              { label: "Interested in", value: user.interestedGenders?.join(", ") },
              { label: "Location", value: user.location },
              { label: "Age", value: user.age },
              { label: "Age preference", value: agePreference(user) },
            ]}
          />
        </Section>
        <Section icon={CalendarClock} title="Call times">
          <p className="font-medium text-sm text-stone-900">{describePreferences(user.callPreferences)}</p>
          {user.callPreferences === null ? (
            <p className="mt-1 text-stone-500 text-xs">Default hours until you set your own.</p>
          ) : null}
        </Section>
        <VoiceIntroCard user={user} />
        <PhotoCard user={user} />
      </div>
    </div>
  );
}
