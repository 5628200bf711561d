import { PRODUCT_NAME } from "@kindred/shared/constants";
import { DebugMatches } from "@/features/debug/components/debug-matches";

export function DebugMatchesPage() {
  return (
    <>
      <title>{`Debug Matches · ${PRODUCT_NAME}`}</title>
      <DebugMatches />
    </>
  );
}
