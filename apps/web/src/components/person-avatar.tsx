import { Lock } from "lucide-react";
import { avatarGlyph } from "@/components/ui/avatar-glyph";
import { avatarGradient } from "@/components/ui/avatar-gradient";
import { cn } from "@/lib/cn";

export interface AvatarPerson {
  username: string;
  avatar: string | null;
  photoUrl: string | null;
}

// The online dot and the lock sit further out on the larger sizes, so each size places its own.
const SIZES = {
  /** A row in the chat list. */
  sm: {
    box: "size-12 text-2xl",
    lock: "-right-1 -bottom-1 size-5 [&_svg]:size-2.5",
    dot: "-top-0.5 -right-0.5 size-3.5",
  },
  /** The conversation's header. */
  md: {
    box: "size-14 text-3xl",
    lock: "-right-1 -bottom-1 size-6 [&_svg]:size-3",
    dot: "-top-0.5 -right-0.5 size-4",
  },
  /** A match card. */
  lg: {
    box: "size-16 text-3xl",
    lock: "-right-1.5 -bottom-1.5 size-6 [&_svg]:size-3",
    dot: "-top-1 -right-1 size-4",
  },
  /** A public profile's banner. */
  xl: {
    box: "size-32 text-6xl",
    lock: "-right-1.5 -bottom-1.5 size-9 [&_svg]:size-4",
    dot: "-top-1 -right-1 size-5",
  },
} as const;

/**
 * The photo once the pair's photos are revealed (the server only sends photoUrl then); until then the
 * emoji avatar or the first letter, with a lock to say the photo is still hidden.
 */
export function PersonAvatar({
  person,
  revealed,
  online = false,
  size,
  raised = false,
}: {
  person: AvatarPerson;
  revealed: boolean;
  /** Real presence: lit while they have Kindred open (only ever sent for a match). */
  online?: boolean;
  size: keyof typeof SIZES;
  /** On a card or a banner: a shadow, and a bold letter. */
  raised?: boolean;
}) {
  const { box, lock, dot } = SIZES[size];
  const photo = revealed ? person.photoUrl : null;
  return (
    <div className="relative w-fit shrink-0">
      {photo ? (
        <img
          src={photo}
          alt={person.username}
          className={cn(box, "rounded-2xl object-cover ring-2 ring-white", raised && "shadow-sm")}
        />
      ) : (
        <div
          role="img"
          aria-label={`Avatar of ${person.username}`}
          className={cn(
            box,
            "flex items-center justify-center rounded-2xl bg-gradient-to-br text-white ring-2 ring-white",
            raised && "font-semibold shadow-sm",
            avatarGradient(person.username),
          )}
        >
          <span aria-hidden>{avatarGlyph(person)}</span>
        </div>
      )}
      {online ? (
        <span
          title="Online now"
          className={cn(dot, "absolute rounded-full bg-emerald-500 ring-2 ring-white")}
        >
          <span className="sr-only">Online now</span>
        </span>
      ) : null}
      {revealed ? null : (
        <span
          title="Photo hidden until revealed"
          className={cn(
            lock,
            "absolute flex items-center justify-center rounded-full bg-stone-900 text-white ring-2 ring-white",
          )}
        >
          <Lock aria-hidden />
          <span className="sr-only">Photo locked</span>
        </span>
      )}
    </div>
  );
}
