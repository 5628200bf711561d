import { Lock } from "lucide-react";
import { avatarGradient } from "@/components/ui/avatar-gradient";
import { cn } from "@/lib/cn";

const SIZES = {
  sm: { box: "size-12 text-2xl", badge: "size-5 [&_svg]:size-2.5", dot: "size-3.5" },
  md: { box: "size-14 text-3xl", badge: "size-6 [&_svg]:size-3", dot: "size-4" },
} as const;

export interface ChatPerson {
  username: string;
  avatar: string | null;
  photoUrl: string | null;
}

/** The other person: their photo once revealed (only then does the server send it), else their emoji. */
export function ChatAvatar({
  person,
  revealed,
  online = false,
  size = "sm",
}: {
  person: ChatPerson;
  revealed: boolean;
  online?: boolean;
  size?: keyof typeof SIZES;
}) {
  const { box, badge, dot } = SIZES[size];
  const glyph = person.avatar?.trim() || person.username.trim().charAt(0).toUpperCase() || "U";
  return (
    <div className="relative w-fit shrink-0">
      {revealed && person.photoUrl ? (
        <img
          src={person.photoUrl}
          alt={person.username}
          className={cn(box, "rounded-2xl object-cover ring-2 ring-white")}
        />
      ) : (
        <div
          role="img"
          aria-label={`Avatar of ${person.username}`}
          className={cn(
            box,
            "flex items-center justify-center rounded-2xl bg-gradient-to-br text-white ring-2 ring-white",
            avatarGradient(person.username),
          )}
        >
          <span aria-hidden>{glyph}</span>
        </div>
      )}
      {online ? (
        <span
          title="Online now"
          className={cn(dot, "absolute -top-0.5 -right-0.5 rounded-full bg-emerald-500 ring-2 ring-white")}
        >
          <span className="sr-only">Online now</span>
        </span>
      ) : null}
      {revealed ? null : (
        <span
          title="Photo hidden until revealed"
          className={cn(
            badge,
            "absolute -right-1 -bottom-1 flex items-center justify-center rounded-full bg-stone-900 text-white ring-2 ring-white",
          )}
        >
          <Lock aria-hidden />
          <span className="sr-only">Photo locked</span>
        </span>
      )}
    </div>
  );
}
