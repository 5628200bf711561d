import { PRODUCT_NAME } from "@kindred/shared/constants";
import { DevPage } from "@/features/dev-sockets/components/dev-page";
import { RtcConsole } from "@/features/dev-sockets/components/rtc-console";
import { useAuth } from "@/lib/auth";

/** /simple-rtc-test (login required). */
export function SimpleRtcTestPage() {
  const { user } = useAuth();
  return (
    <>
      <title>{`Simple RTC Test · ${PRODUCT_NAME}`}</title>
      <DevPage
        title="Simple RTC Test"
        intro="A minimal console on the call signalling socket /rtc: connect, register, ping, join and leave a room."
      >
        {user ? <RtcConsole userId={user.id} variant="simple" /> : null}
      </DevPage>
    </>
  );
}
