import { isModerator } from "@kindred/shared/roles";
import type { SelfUser } from "@kindred/shared/user";
import { LogOut, MessageCircle, Settings, ShieldCheck, User } from "lucide-react";
import { useNavigate } from "react-router";
import { avatarGlyph } from "@/components/ui/avatar-glyph";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useAuth } from "@/lib/auth";

export function UserMenu({ user }: { user: SelfUser }) {
  const navigate = useNavigate();
  const { logoutMutation } = useAuth();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label="Open user menu"
        className="flex size-10 items-center justify-center rounded-full bg-gradient-to-br from-rose-100 to-violet-100 font-semibold text-lg text-violet-900 ring-1 ring-stone-200 transition hover:ring-rose-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-400"
      >
        <span aria-hidden>{avatarGlyph(user)}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-48">
        <DropdownMenuLabel className="truncate">{user.username}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate("/profile")}>
          <User aria-hidden /> Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate("/chats")}>
          <MessageCircle aria-hidden /> Chats
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate("/settings")}>
          <Settings aria-hidden /> Settings
        </DropdownMenuItem>
        {isModerator(user.role) ? (
          <DropdownMenuItem onSelect={() => navigate("/moderation")}>
            <ShieldCheck aria-hidden /> Moderation
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logoutMutation.isPending} onSelect={() => logoutMutation.mutate()}>
          <LogOut aria-hidden /> Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
