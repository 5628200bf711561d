import type { SelfUser } from "@kindred/shared/user";

/** The user's emoji or character, else the username's first letter uppercased, else U. */
export function avatarGlyph(user: Pick<SelfUser, "avatar" | "username"> | null | undefined): string {
  const avatar = user?.avatar?.trim();
  if (avatar) return avatar;
  const first = user?.username?.trim().charAt(0);
  return first ? first.toUpperCase() : "U";
}
