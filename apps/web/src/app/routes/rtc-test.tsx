import { PRODUCT_NAME } from "@kindred/shared/constants";
import { DevPage } from "@/features/dev-sockets/components/dev-page";
import { RtcConsole } from "@/features/dev-sockets/components/rtc-console";
import { useAuth } from "@/lib/auth";

/** /rtc-test (login required). */
export function RtcTestPage() {
  const { user } = useAuth();
  return (
    <>
      <title>{`RTC Test · ${PRODUCT_NAME}`}</title>
      <DevPage
        title="RTC Test"
        intro="A full console on the call signalling socket /rtc: register, ping, join and leave call rooms, send sample offer, answer and ICE messages or a 'call-initiate', or any JSON."
      >
        {user ? <RtcConsole userId={user.id} variant="full" /> : null}
      </DevPage>
    </>
  );
}
