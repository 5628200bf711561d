import { SIGNED_IN_HINT_COOKIE } from "@kindred/shared/constants";
import type { SelfUser } from "@kindred/shared/user";
import { type UseMutationResult, useQuery } from "@tanstack/react-query";
import { createContext, useContext } from "react";
import { getQueryFn } from "./api";

export const userQueryKey = ["/api/user"] as const;

/**
 * Whether this browser may hold a session: the server sets a readable hint cookie beside the HttpOnly
 * session cookie at every sign-in and clears it with the session. Without it there is nothing to ask.
 */
export function mayBeSignedIn(): boolean {
  // At build time (prerender.tsx) there is no document: the pre-rendered pages are for visitors.
  if (typeof document === "undefined") return false;
  return document.cookie.split(";").some((pair) => pair.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}

const fetchUser = getQueryFn<SelfUser>({ on401: "returnNull" });

/**
 * GET /api/user: the signed-in user, or null when the session is missing (401). Asked only when the
 * hint cookie is there, so a visitor's page makes no request that must fail (Chromium logs every 401
 * as a console error): without it the answer is null at once, also when the query is invalidated
 * later (the status socket does that when it finds the session gone). The hint grants nothing: a
 * stale one gets a 401 here, and the server clears it.
 */
export function useUserQuery() {
  return useQuery<SelfUser | null, Error>({
    queryKey: userQueryKey,
    queryFn: (context) => (mayBeSignedIn() ? fetchUser(context) : null),
    initialData: () => (mayBeSignedIn() ? undefined : null),
  });
}

export interface AuthContextValue {
  user: SelfUser | null;
  isLoading: boolean;
  error: Error | null;
  /** True from a successful logout until it lands on /: meanwhile guards send people to / rather than /auth. */
  hasLoggedOut: boolean;
  /** A sign-in or a new account on /auth: the user is now the session's (GuestOnly then moves on). */
  signedIn: (user: SelfUser) => void;
  logoutMutation: UseMutationResult<{ ok: true }, Error, void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used within an AuthProvider");
  return value;
}
