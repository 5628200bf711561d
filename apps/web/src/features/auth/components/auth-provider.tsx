import type { SelfUser } from "@kindred/shared/user";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "@/components/ui/use-toast";
import { resetAnalytics } from "@/lib/analytics";
import { errorDetail } from "@/lib/api";
import { AuthContext, type AuthContextValue, userQueryKey, useUserQuery } from "@/lib/auth";
import { useLogoutMutation } from "../api/logout";

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data, isLoading, error } = useUserQuery();
  const [hasLoggedOut, setHasLoggedOut] = useState(false);

  // The flag only covers the trip to "/" after logout; once there, protected pages send people to
  // /auth again (SPEC §2), e.g. when the browser's back button returns to one.
  useEffect(() => {
    if (hasLoggedOut && !data && pathname === "/") setHasLoggedOut(false);
  }, [hasLoggedOut, data, pathname]);

  const signedIn = useCallback(
    (user: SelfUser) => {
      setHasLoggedOut(false);
      queryClient.setQueryData(userQueryKey, user);
    },
    [queryClient],
  );

  const logoutMutation = useLogoutMutation({
    onSuccess: () => {
      // The flag goes first so that no guard bounces to /auth while the cache empties.
      setHasLoggedOut(true);
      resetAnalytics();
      queryClient.clear();
      queryClient.setQueryData(userQueryKey, null);
      toast({ title: "Logged out", description: "You've been successfully logged out." });
      navigate("/");
    },
    onError: (err) => {
      toast({
        title: "Logout failed",
        description: errorDetail(err, "Logout failed"),
        variant: "destructive",
      });
    },
  });

  const value = useMemo<AuthContextValue>(
    () => ({
      user: data ?? null,
      isLoading,
      error: error ?? null,
      hasLoggedOut,
      signedIn,
      logoutMutation,
    }),
    [data, isLoading, error, hasLoggedOut, signedIn, logoutMutation],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
