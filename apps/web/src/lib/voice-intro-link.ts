// Where the profile page's voice intro card is. Here because the dashboard's invitation links to what the
// profile feature renders, and features do not import each other.

export const VOICE_INTRO_ANCHOR = "voice-intro";
export const VOICE_INTRO_PATH = `/profile#${VOICE_INTRO_ANCHOR}`;
