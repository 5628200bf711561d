import { PRODUCT_NAME } from "@kindred/shared/constants";
import { isModerator } from "@kindred/shared/roles";
import { FullPageSpinner } from "@/components/ui/spinner";
import { ModerationConsole } from "@/features/moderation/components/moderation-console";
import { useAuth } from "@/lib/auth";
import { NotFoundPage } from "./not-found";

/** The console: to everyone but moderators and admins it is the page an unknown address shows. */
export function ModerationPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  if (!isModerator(user?.role)) return <NotFoundPage />;
  return (
    <>
      <title>{`Moderation · ${PRODUCT_NAME}`}</title>
      <ModerationConsole admin={user?.role === "admin"} />
    </>
  );
}
