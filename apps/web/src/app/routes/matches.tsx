import { PRODUCT_NAME } from "@kindred/shared/constants";
import { MatchesScreen } from "@/features/matches/components/matches-screen";
import { useAuth } from "@/lib/auth";

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
