import { PRODUCT_NAME } from "@kindred/shared/constants";
import { useParams } from "react-router";
import { PublicProfile } from "@/features/matches/components/public-profile";

export function OtherProfilePage() {
  const { userId } = useParams();
  const id = Number(userId);
  return (
    <>
      <title>{`Profile · ${PRODUCT_NAME}`}</title>
      <PublicProfile key={id} userId={id} />
    </>
  );
}
