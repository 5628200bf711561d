import { PRODUCT_NAME } from "@kindred/shared/constants";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useAuth } from "@/lib/auth";
import { AccountCard } from "./account-card";
import { PlansPanel } from "./plans-panel";
import { ProfileDetails } from "./profile-details";
import { ProfileHeader } from "./profile-header";

type ProfileTab = "profile" | "subscription";

/** /profile, /profile/subscription and /profile?tab=subscription (the last two open the plans). */
export function ProfileView({ onUpdateProfile }: { onUpdateProfile: () => void }) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  if (!user) return null;

  const tab: ProfileTab =
    pathname.endsWith("/subscription") || searchParams.get("tab") === "subscription"
      ? "subscription"
      : "profile";
  // The tab lives in the URL so that the reload after a plan change comes back to it.
  const selectTab = (next: string) =>
    navigate(next === "subscription" ? "/profile?tab=subscription" : "/profile", { replace: true });

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <title>{`Profile · ${PRODUCT_NAME}`}</title>
      <ProfileHeader user={user} onUpdateProfile={onUpdateProfile} />
      <Tabs value={tab} onValueChange={selectTab} className="mt-8">
        <TabsList className="w-full max-w-sm">
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="subscription">Subscription</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <ProfileDetails user={user} />
          <div className="mt-6">
            <AccountCard />
          </div>
        </TabsContent>
        <TabsContent value="subscription">
          <PlansPanel user={user} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
