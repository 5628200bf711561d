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

/** What each tab's badge counts: unread messages on Chats, missed calls not yet seen on Matches. */
export interface TabCounts {
  unread: number;
  missed: number;
}

/** The count a tab's badge shows (0: none). */
export function tabCount(label: NavLabel, counts: TabCounts): number {
  if (label === "Chats") return counts.unread;
  return label === "Matches" ? counts.missed : 0;
}

/**
 * A tab's name with its badge said aloud ('Chats, 3 unread', 'Matches, 1 missed call'); undefined
 * without one. The badge sits beside the link, not in it, so the name still contains all its visible
 * text (axe: label-content-name-mismatch).
 */
export function tabLinkLabel(label: NavLabel, counts: TabCounts): string | undefined {
  const n = tabCount(label, counts);
  if (n <= 0) return undefined;
  return label === "Matches"
    ? `${label}, ${n} missed ${n === 1 ? "call" : "calls"}`
    : `${label}, ${n} unread`;
}
