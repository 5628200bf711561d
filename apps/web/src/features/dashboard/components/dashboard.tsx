import type { SelfUser } from "@kindred/shared/user";
import type { ReactNode } from "react";
import { CompleteProfilePrompt } from "./complete-profile-prompt";
import { HowItWorksCard } from "./how-it-works-card";
import { JoinCallBanner } from "./join-call-banner";
import { UpgradeCard } from "./upgrade-card";
import { VerifyEmailBanner } from "./verify-email-banner";
import { VoiceIntroInvite } from "./voice-intro-invite";
import { WelcomeHero } from "./welcome-hero";

/**
 * SPEC §2 "Home dashboard". The match-related parts (plan usage, Find New Matches, the cards) belong to
 * the matches feature, so the route passes them in.
 */
export function Dashboard({
  user,
  planCard,
  matches,
}: {
  user: SelfUser;
  planCard: ReactNode;
  matches: ReactNode;
}) {
  // Worked out by the server (GET /api/user), whose rules need the profile's schemas.
  const missing = user.missingForCompletion;
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-8 px-4 py-8 sm:px-6">
      <WelcomeHero user={user} />
      {user.emailVerified ? null : <VerifyEmailBanner email={user.email} />}
      <JoinCallBanner />
      {missing.length > 0 ? <CompleteProfilePrompt missing={missing} /> : null}
      <div className="grid grid-cols-1 items-start gap-8 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">{matches}</div>
        <aside aria-label="Your plan and tips" className="grid gap-4">
          {user.voiceIntro ? null : <VoiceIntroInvite />}
          {planCard}
          <UpgradeCard user={user} />
          <HowItWorksCard user={user} />
        </aside>
      </div>
    </div>
  );
}
