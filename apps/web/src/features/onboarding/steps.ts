// What each of the 18 steps asks (SPEC §2). Titles other than 'Profile Complete!' are ours: SPEC names the
// steps but gives no wording.

import { PRODUCT_NAME } from "@kindred/shared/constants";
import {
  ACTIVITIES,
  COMMUNICATION_STYLES,
  CONFLICT_STYLES,
  DEALBREAKERS,
  GENDERS,
  INTERESTED_GENDERS,
  LOVE_LANGUAGES,
  RELATIONSHIP_PACES,
  VALUES,
} from "@kindred/shared/options";
import {
  AtSign,
  CakeSlice,
  CalendarClock,
  Compass,
  Gem,
  Handshake,
  Heart,
  type LucideIcon,
  MapPin,
  MessageCircle,
  PartyPopper,
  PenLine,
  ShieldAlert,
  Smile,
  Sparkles,
  Timer,
  User,
  Users,
} from "lucide-react";
import type { WizardValues } from "./wizard-values";

export interface StepInfo {
  title: string;
  description: string;
  icon: LucideIcon;
}

export const STEP_INFO: Record<number, StepInfo> = {
  1: {
    title: "Welcome",
    description: "Let's build a profile that lets your personality speak before your photos do.",
    icon: Sparkles,
  },
  2: {
    title: "Choose your username",
    description: "This is the name your matches see. Keep it anonymous: avoid your real name.",
    icon: AtSign,
  },
  3: {
    title: "When were you born?",
    description: "You must be 21 or over. Matches see your age, never your birthday.",
    icon: CakeSlice,
  },
  4: {
    title: "Pick your avatar",
    description: `Until photos are revealed, this emoji is your face on ${PRODUCT_NAME}.`,
    icon: Smile,
  },
  5: { title: "How do you identify?", description: "Choose the gender that fits you best.", icon: User },
  6: { title: "Who are you interested in?", description: "Select all that apply.", icon: Users },
  7: {
    title: "Preferred age range",
    description: "We'll suggest matches whose age falls within this range.",
    icon: Heart,
  },
  8: {
    title: "Where are you based?",
    description: "Matches nearby make it easier to meet once you've talked.",
    icon: MapPin,
  },
  9: {
    title: "Tell us about yourself",
    description: "A few lines about who you are and what you're looking for.",
    icon: PenLine,
  },
  10: {
    title: "How do you communicate?",
    description: "Optional, but it helps us find people you'll click with.",
    icon: MessageCircle,
  },
  11: { title: "How do you spend your free time?", description: "Select all that apply.", icon: Compass },
  12: {
    title: "What do you value most?",
    description: "Choose the one that matters most to you.",
    icon: Gem,
  },
  13: {
    title: "How do you handle disagreements?",
    description: "There's no wrong answer, only what works for you.",
    icon: Handshake,
  },
  14: {
    title: "What's your love language?",
    description: "How do you most like to show and feel love?",
    icon: Heart,
  },
  15: {
    title: "What pace suits you?",
    description: "How quickly do you like a relationship to develop?",
    icon: Timer,
  },
  16: {
    title: "What are your deal breakers?",
    description: "Select all that apply. We'll steer away from these.",
    icon: ShieldAlert,
  },
  17: {
    title: "Preferred call times",
    description: "Tell matches when you're free to talk. You can skip this to stay flexible.",
    icon: CalendarClock,
  },
  18: {
    title: "Profile Complete!",
    description: "Here's what your matches will get to know. You can change it any time from your profile.",
    icon: PartyPopper,
  },
};

type ChoiceField = {
  [K in keyof WizardValues]: WizardValues[K] extends string | null | string[] ? K : never;
}[keyof WizardValues];

export interface ChoiceStep {
  field: ChoiceField;
  label: string;
  options: readonly string[];
  multiple: boolean;
}

/** Steps that are a list of options, single or multiple choice (SPEC §3 option lists). */
export const CHOICE_STEPS: Record<number, ChoiceStep> = {
  5: { field: "gender", label: "Gender", options: GENDERS, multiple: false },
  6: { field: "interestedGenders", label: "Interested in", options: INTERESTED_GENDERS, multiple: true },
  10: {
    field: "communicationStyle",
    label: "Communication style",
    options: COMMUNICATION_STYLES,
    multiple: false,
  },
  11: { field: "freeTimeActivities", label: "Free-time activities", options: ACTIVITIES, multiple: true },
  12: { field: "values", label: "Values", options: VALUES, multiple: false },
  13: {
    field: "conflictResolution",
    label: "Conflict resolution",
    options: CONFLICT_STYLES,
    multiple: false,
  },
  14: { field: "loveLanguage", label: "Love language", options: LOVE_LANGUAGES, multiple: false },
  15: { field: "relationshipPace", label: "Relationship pace", options: RELATIONSHIP_PACES, multiple: false },
  16: { field: "dealbreakers", label: "Deal breakers", options: DEALBREAKERS, multiple: true },
};
