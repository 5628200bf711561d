import { PRODUCT_NAME } from "@kindred/shared/constants";
import type { SelfUser } from "@kindred/shared/user";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "@/components/ui/use-toast";
import { resetAnalytics } from "@/lib/analytics";
import { ApiError, errorDetail } from "@/lib/api";
import { AuthContext, type AuthContextValue, userQueryKey, useUserQuery } from "@/lib/auth";
import { useLoginMutation } from "../api/login";
import { useLogoutMutation } from "../api/logout";
import { useRegisterMutation } from "../api/register";

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

  const signedIn = (user: SelfUser) => {
    setHasLoggedOut(false);
    queryClient.setQueryData(userQueryKey, user);
  };

  const loginMutation = useLoginMutation({
    onSuccess: (user) => {
      signedIn(user);
      toast({ title: "Welcome back!", description: "You've successfully logged in." });
    },
    onError: (err) => {
      // A suspended or banned account: the form says why, with the appeal link, in place of a toast.
      if (err instanceof ApiError && err.body?.appealUrl) return;
      toast({
        title: "Login failed",
        description: errorDetail(err, "Invalid username or password"),
        variant: "destructive",
      });
    },
  });

  const registerMutation = useRegisterMutation({
    onSuccess: (user) => {
      signedIn(user);
      toast({
        title: "Account created",
        description: `Welcome to ${PRODUCT_NAME}! Let's complete your profile.`,
      });
    },
    onError: (err) => {
      toast({
        title: "Registration failed",
        description: errorDetail(err, "Unable to create account"),
        variant: "destructive",
      });
    },
  });

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
      loginMutation,
      registerMutation,
      logoutMutation,
    }),
    [data, isLoading, error, hasLoggedOut, loginMutation, registerMutation, logoutMutation],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
