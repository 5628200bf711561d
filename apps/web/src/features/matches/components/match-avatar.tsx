import { Lock } from "lucide-react";
import { avatarGradient } from "@/components/ui/avatar-gradient";
import { cn } from "@/lib/cn";

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
