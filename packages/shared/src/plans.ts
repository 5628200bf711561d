// Plans of DECISIONS "Plans". The free row of the SPEC limits table is unreachable and so absent.

export const PROFILE_TYPES = ["basic", "premium", "elite"] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

export interface Plan {
  type: ProfileType;
  label: string;
  price: string;
  maxMatches: number;
  callsPerDay: number;
  revealAfterCalls: number;
  priority: boolean;
  /**
   * DECISIONS "Priority and VIP matching": in anyone's generation this plan's members are ranked as if
   * their compatibility were this much higher. The score shown, and the minimum, use the real score.
   */
  rankBoost: number;
  /** "Priority support": this member's reports are marked priority for moderation. */
  prioritySupport: boolean;
  features: string[];
  canUnmatch: boolean;
}

export const PLANS: Record<ProfileType, Plan> = {
  basic: {
    type: "basic",
    label: "Free",
    price: "£0",
    maxMatches: 3,
    callsPerDay: 2,
    revealAfterCalls: 3,
    priority: false,
    rankBoost: 0,
    prioritySupport: false,
    features: ["Up to 3 matches at once", "Audio calls", "Private notes"],
    canUnmatch: false,
  },
  premium: {
    type: "premium",
    label: "Premium",
    price: "£9.99/month",
    maxMatches: 5,
    callsPerDay: 3,
    revealAfterCalls: 2,
    priority: true,
    rankBoost: 5,
    prioritySupport: false,
    features: ["Up to 5 matches at once", "Priority matching", "Extended calls", "Unmatch"],
    canUnmatch: true,
  },
  elite: {
    type: "elite",
    label: "Elite",
    price: "£19.99/month",
    maxMatches: 10,
    callsPerDay: 5,
    revealAfterCalls: 1,
    priority: true,
    rankBoost: 10,
    prioritySupport: true,
    features: ["Up to 10 matches at once", "VIP matching", "Priority support", "Unmatch"],
    canUnmatch: true,
  },
};

export function planOf(type: string | null | undefined): Plan {
  return PLANS[(PROFILE_TYPES as readonly string[]).includes(type ?? "") ? (type as ProfileType) : "basic"];
}

/** DECISIONS "Unlocks": photos after N counted calls, the larger N of the two plans. */
export function photosRevealAfterCalls(a: string | null | undefined, b: string | null | undefined): number {
  return Math.max(planOf(a).revealAfterCalls, planOf(b).revealAfterCalls);
}
