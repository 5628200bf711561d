/** The person's emoji or character, else the username's first letter uppercased, else U. */
export function avatarGlyph(person: { avatar: string | null; username: string } | null | undefined): string {
  const avatar = person?.avatar?.trim();
  if (avatar) return avatar;
  const first = person?.username?.trim().charAt(0);
  return first ? first.toUpperCase() : "U";
}
