import { Lock } from "lucide-react";
import { cn } from "@/lib/cn";

// SPEC §9: the avatar gradient is one of six presets, picked by summing the character codes of a string.
const GRADIENTS = [
  "from-rose-400 to-violet-500",
  "from-amber-300 to-rose-500",
  "from-sky-400 to-violet-500",
  "from-emerald-300 to-sky-500",
  "from-fuchsia-400 to-rose-400",
  "from-violet-400 to-indigo-500",
] as const;

export function avatarGradient(seed: string): string {
  let sum = 0;
  for (const char of seed) sum += char.codePointAt(0) ?? 0;
  return GRADIENTS[sum % GRADIENTS.length] ?? GRADIENTS[0];
}

export interface AvatarPerson {
  username: string;
  avatar: string | null;
  photoUrl: string | null;
}

const SIZES = {
  md: { box: "size-16 text-3xl", lock: "size-6 [&_svg]:size-3", dot: "size-4" },
  lg: { box: "size-20 text-4xl", lock: "size-7 [&_svg]:size-3.5", dot: "size-4" },
  xl: { box: "size-32 text-6xl", lock: "size-9 [&_svg]:size-4", dot: "size-5" },
} as const;

/**
 * The photo once the pair's photos are revealed (the server only sends photoUrl then); until then the
 * emoji avatar or the first letter, with a lock to say the photo is still hidden.
 */
export function MatchAvatar({
  person,
  revealed,
  online = false,
  size = "md",
  className,
}: {
  person: AvatarPerson;
  revealed: boolean;
  /** Real presence: lit while they have Kindred open (only ever sent for a match). */
  online?: boolean;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const { box, lock, dot } = SIZES[size];
  const showPhoto = revealed && person.photoUrl;
  const glyph = person.avatar?.trim() || person.username.trim().charAt(0).toUpperCase() || "U";
  return (
    <div className={cn("relative w-fit shrink-0", className)}>
      {showPhoto ? (
        <img
          src={person.photoUrl ?? undefined}
          alt={person.username}
          className={cn(box, "rounded-2xl object-cover ring-2 ring-white shadow-sm")}
        />
      ) : (
        <div
          role="img"
          aria-label={`Avatar of ${person.username}`}
          className={cn(
            box,
            "flex items-center justify-center rounded-2xl bg-gradient-to-br font-semibold text-white shadow-sm ring-2 ring-white",
            avatarGradient(person.username),
          )}
        >
          <span aria-hidden>{glyph}</span>
        </div>
      )}
      {online ? (
        <span
          title="Online now"
          className={cn(dot, "absolute -top-1 -right-1 rounded-full bg-emerald-500 ring-2 ring-white")}
        >
          <span className="sr-only">Online now</span>
        </span>
      ) : null}
      {revealed ? null : (
        <span
          title="Photo hidden until revealed"
          className={cn(
            lock,
            "absolute -right-1.5 -bottom-1.5 flex items-center justify-center rounded-full bg-stone-900 text-white ring-2 ring-white",
          )}
        >
          <Lock aria-hidden />
          <span className="sr-only">Photo locked</span>
        </span>
      )}
    </div>
  );
}
