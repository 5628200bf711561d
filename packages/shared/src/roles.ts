// Who may moderate. Apart from moderation.ts so that the app's chrome can ask without loading zod.

export const ROLES = ["member", "moderator", "admin"] as const;
export type Role = (typeof ROLES)[number];
export const isModerator = (role: string | null | undefined) => role === "moderator" || role === "admin";
