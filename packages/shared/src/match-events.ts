// The push that a match changed. No zod here: the web app's entry chunk imports it.
export const MATCH_UPDATED = "match:updated";
