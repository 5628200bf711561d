import type { LoginInput, RegisterInput } from "@kindred/shared/auth";
import type { SelfUser } from "@kindred/shared/user";
import { type UseMutationResult, useQuery } from "@tanstack/react-query";
import { createContext, useContext } from "react";
import { getQueryFn } from "./api";

export const userQueryKey = ["/api/user"] as const;

/** GET /api/user: the signed-in user, or null when the session is missing (401). */
export function useUserQuery() {
  return useQuery<SelfUser | null, Error>({
    queryKey: userQueryKey,
    queryFn: getQueryFn<SelfUser>({ on401: "returnNull" }),
  });
}

export interface AuthContextValue {
  user: SelfUser | null;
  isLoading: boolean;
  error: Error | null;
  /** True from a successful logout until it lands on /: meanwhile guards send people to / rather than /auth. */
  hasLoggedOut: boolean;
  loginMutation: UseMutationResult<SelfUser, Error, LoginInput>;
  registerMutation: UseMutationResult<SelfUser, Error, RegisterInput>;
  logoutMutation: UseMutationResult<{ ok: true }, Error, void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used within an AuthProvider");
  return value;
}
