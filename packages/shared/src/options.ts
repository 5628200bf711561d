// Option lists of SPEC §3. Every screen and every server check reads them from here.

export const AVATAR_EMOJIS = [
  "😀",
  "😎",
  "🥳",
  "😇",
  "🤓",
  "🧐",
  "🤠",
  "😺",
  "🦊",
  "🐼",
  "🐨",
  "🐯",
  "🦁",
  "🐸",
  "🐵",
  "🦄",
  "🐙",
  "🦋",
  "🐢",
  "🐬",
  "🌸",
  "🌻",
  "🌵",
  "🍀",
  "🌈",
  "⭐",
  "🌙",
  "🔥",
  "🌊",
  "⚡",
  "🎸",
  "🎨",
  "📚",
  "🎧",
  "⚽",
  "🚲",
  "☕",
  "🍕",
  "🧁",
  "🎲",
] as const;

/** Each avatar's spoken name (the picker's buttons are named by it, e.g. 'fox'). */
export const AVATAR_EMOJI_NAMES: Record<(typeof AVATAR_EMOJIS)[number], string> = {
  "😀": "grinning face",
  "😎": "smiling face with sunglasses",
  "🥳": "partying face",
  "😇": "smiling face with halo",
  "🤓": "nerd face",
  "🧐": "face with monocle",
  "🤠": "cowboy",
  "😺": "cat",
  "🦊": "fox",
  "🐼": "panda",
  "🐨": "koala",
  "🐯": "tiger",
  "🦁": "lion",
  "🐸": "frog",
  "🐵": "monkey",
  "🦄": "unicorn",
  "🐙": "octopus",
  "🦋": "butterfly",
  "🐢": "turtle",
  "🐬": "dolphin",
  "🌸": "cherry blossom",
  "🌻": "sunflower",
  "🌵": "cactus",
  "🍀": "four-leaf clover",
  "🌈": "rainbow",
  "⭐": "star",
  "🌙": "crescent moon",
  "🔥": "fire",
  "🌊": "wave",
  "⚡": "lightning",
  "🎸": "guitar",
  "🎨": "palette",
  "📚": "books",
  "🎧": "headphones",
  "⚽": "football",
  "🚲": "bicycle",
  "☕": "coffee",
  "🍕": "pizza",
  "🧁": "cupcake",
  "🎲": "die",
};

export const GENDERS = ["Woman", "Man", "Non-binary", "Other"] as const;
export const INTERESTED_GENDERS = ["Women", "Men", "Non-binary", "Other"] as const;
export type Gender = (typeof GENDERS)[number];
export type InterestedGender = (typeof INTERESTED_GENDERS)[number];

/** Which "interested in" option a gender satisfies. */
export const GENDER_TO_INTEREST: Record<Gender, InterestedGender> = {
  Woman: "Women",
  Man: "Men",
  "Non-binary": "Non-binary",
  Other: "Other",
};

export const COMMUNICATION_STYLES = [
  "Direct and straightforward",
  "Diplomatic and gentle",
  "Actions more than words",
  "Expressive and open",
] as const;

export const ACTIVITIES = [
  "Outdoor activities and nature",
  "Reading and learning new things",
  "Socializing with friends and family",
  "Arts, music, and creative hobbies",
  "Sports and fitness",
  "Movies, TV shows, and entertainment",
] as const;

export const VALUES = [
  "Honesty and trust",
  "Respect and equality",
  "Growth and personal development",
  "Independence and freedom",
  "Loyalty and commitment",
] as const;

export const CONFLICT_STYLES = [
  "Address issues immediately with direct communication",
  "Take time to process before discussing calmly",
  "Seek compromise and middle ground",
  "Listen first, then share my perspective",
  "Prefer to move on quickly without dwelling on issues",
] as const;

export const LOVE_LANGUAGES = [
  "Quality time together",
  "Acts of service",
  "Physical touch",
  "Verbal affirmation and compliments",
  "Thoughtful gifts",
] as const;

export const RELATIONSHIP_PACES = [
  "Taking things slowly and building friendship first",
  "Moderate pace with regular communication",
  "Diving deep quickly to establish emotional connection",
  "Following intuition rather than a set timeline",
] as const;

export const DEALBREAKERS = [
  "Different lifestyle habits",
  "Misaligned future goals",
  "Incompatible financial attitudes",
  "Different social needs",
  "Conflicting values or beliefs",
] as const;

export const DAY_NAMES = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export type DayName = (typeof DAY_NAMES)[number];
