import { Navigate, Outlet } from "react-router";
import { FullPageSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth";

/** Login required: a spinner while the session loads, /auth when there is none. */
export function RequireAuth() {
  const { user, isLoading, hasLoggedOut } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  if (!user) {
    // Right after logout the logout action itself is heading to "/", so do not race it to /auth.
    return <Navigate to={hasLoggedOut ? "/" : "/auth"} replace />;
  }
  return <Outlet />;
}

/** / and /auth: a signed-in user belongs on /home. */
export function GuestOnly() {
  const { user, hasLoggedOut } = useAuth();
  if (user && !hasLoggedOut) return <Navigate to="/home" replace />;
  return <Outlet />;
}
