import { PRODUCT_NAME } from "@kindred/shared/constants";
import { isModerator } from "@kindred/shared/roles";
import { lazy } from "react";
import { FullPageSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth";
import { NotFoundPage } from "./not-found";

// The console is a chunk of its own behind the role check: a member who types /moderation gets this
// guard and the not-found page, never the console's code.
const ModerationConsole = lazy(() =>
  import("@/features/moderation/components/moderation-console").then((m) => ({
    default: m.ModerationConsole,
  })),
);

/** The console: to everyone but moderators and admins it is the page an unknown address shows. */
export function ModerationPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  if (!isModerator(user?.role)) return <NotFoundPage />;
  return (
    <>
      <title>{`Moderation · ${PRODUCT_NAME}`}</title>
      {/* Suspends to the page's own fallback in the chrome, which holds the footer back too. */}
      <ModerationConsole admin={user?.role === "admin"} />
    </>
  );
}
