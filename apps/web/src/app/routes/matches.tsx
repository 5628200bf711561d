import { PRODUCT_NAME } from "@kindred/shared/constants";
import { useAuth } from "@/features/auth/hooks/use-auth";
import { MatchesScreen } from "@/features/matches/components/matches-screen";

export function MatchesPage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <title>{`Matches · ${PRODUCT_NAME}`}</title>
      <MatchesScreen user={user} />
    </>
  );
}
