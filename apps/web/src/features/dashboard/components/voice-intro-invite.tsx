import { VOICE_MAX_SECONDS } from "@kindred/shared/voice-limits";
import { Mic } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { VOICE_INTRO_PATH } from "@/lib/voice-intro-link";

/** Shown until the person has a voice intro: it is the first thing a match hears of them. */
export function VoiceIntroInvite() {
  return (
    <section
      aria-labelledby="voice-intro-invite-title"
      className="rounded-2xl border border-violet-200 bg-gradient-to-br from-violet-50 to-rose-50 p-6 shadow-sm"
    >
      <span className="flex size-10 items-center justify-center rounded-xl bg-white text-violet-700 shadow-sm">
        <Mic className="size-5" aria-hidden />
      </span>
      <h2 id="voice-intro-invite-title" className="mt-3 font-semibold text-lg text-stone-900">
        Record your voice intro
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        {`Your matches hear it before they see any photo: ${VOICE_MAX_SECONDS} seconds that sound like you.`}
      </p>
      <Button asChild variant="gradient" className="mt-4 w-full">
        <Link to={VOICE_INTRO_PATH}>Record it on your profile</Link>
      </Button>
    </section>
  );
}
