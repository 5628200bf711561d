import { Navigate, Outlet, useLocation } from "react-router";
import { FullPageSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth";
import { returnPathFrom, returnStateFor } from "./return-to";

/** Login required: a spinner while the session loads, /auth when there is none (remembering this page). */
export function RequireAuth() {
  const { user, isLoading, hasLoggedOut } = useAuth();
  const location = useLocation();
  if (isLoading) return <FullPageSpinner />;
  if (!user) {
    // Right after logout the logout action itself is heading to "/", so do not race it to /auth.
    if (hasLoggedOut) return <Navigate to="/" replace />;
    return <Navigate to="/auth" replace state={returnStateFor(location)} />;
  }
  return <Outlet />;
}

/** / and /auth: a signed-in user belongs on /home, or back on the page that sent them to sign in. */
export function GuestOnly() {
  const { user, hasLoggedOut } = useAuth();
  const { state } = useLocation();
  if (user && !hasLoggedOut) return <Navigate to={returnPathFrom(state)} replace />;
  return <Outlet />;
}
