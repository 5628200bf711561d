import { Heart, Home, type LucideIcon, MessageCircle, User } from "lucide-react";

// Which chrome shows where: SPEC §2 "Navigation chrome" and "Footer".

function normalise(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/** The landing page has its own marketing header instead of the app header. */
export function isLanding(pathname: string): boolean {
  return normalise(pathname) === "/";
}

export function showHeader(pathname: string): boolean {
  const path = normalise(pathname);
  return path !== "/" && path !== "/auth";
}

export function showBottomNav(pathname: string): boolean {
  return showHeader(pathname) && !pathname.includes("/call/");
}

export function showFooter(pathname: string): boolean {
  return !pathname.includes("/call/");
}

export type NavLabel = "Home" | "Matches" | "Chats" | "Profile";

export interface NavItem {
  label: NavLabel;
  to: string;
  icon: LucideIcon;
  matches: (pathname: string) => boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: "Home", to: "/home", icon: Home, matches: (p) => normalise(p) === "/home" },
  { label: "Matches", to: "/matches", icon: Heart, matches: (p) => p.includes("/match") },
  { label: "Chats", to: "/chats", icon: MessageCircle, matches: (p) => p.includes("/chat") },
  // /profile/subscription is the same screen; /profile/{userId} is someone else's profile, not this tab.
  {
    label: "Profile",
    to: "/profile",
    icon: User,
    matches: (p) => ["/profile", "/profile/subscription"].includes(normalise(p)),
  },
];
