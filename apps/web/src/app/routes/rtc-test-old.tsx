import { PRODUCT_NAME } from "@kindred/shared/constants";
import { DevPage } from "@/features/dev-sockets/components/dev-page";
import { RtcConsole } from "@/features/dev-sockets/components/rtc-console";
import { useAuth } from "@/lib/auth";

/** /rtc-test-old (login required). */
export function RtcTestOldPage() {
  const { user } = useAuth();
  return (
    <>
      <title>{`RTC Test (Old) · ${PRODUCT_NAME}`}</title>
      <DevPage
        title="RTC Test (Old)"
        intro="The call signalling console on /rtc in the older, compact layout: the same messages as RTC Test, packed densely beside the log."
      >
        {user ? <RtcConsole userId={user.id} variant="compact" /> : null}
      </DevPage>
    </>
  );
}
