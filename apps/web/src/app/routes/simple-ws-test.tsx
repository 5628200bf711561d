import { PRODUCT_NAME } from "@kindred/shared/constants";
import { FullPageSpinner } from "@/components/ui/spinner";
import { DevPage } from "@/features/dev-sockets/components/dev-page";
import { SignInToConnect } from "@/features/dev-sockets/components/sign-in-to-connect";
import { StatusConsole } from "@/features/dev-sockets/components/status-console";
import { useAuth } from "@/lib/auth";
import { socketUrl } from "@/lib/socket-url";

/** /simple-ws-test (public): a console on /basic-ws; a visitor is asked to sign in instead. */
export function SimpleWsTestPage() {
  const { user, isLoading } = useAuth();
  const userId = user?.id;
  return (
    <>
      <title>{`WebSocket Test · ${PRODUCT_NAME}`}</title>
      <DevPage
        title="WebSocket Test"
        intro="Opens its own connection to /basic-ws, the online-status socket that carries a timestamp and a user id in its address (the server goes by the session, not the id)."
      >
        {isLoading ? (
          <FullPageSpinner />
        ) : userId === undefined ? (
          <SignInToConnect />
        ) : (
          <StatusConsole
            userId={userId}
            path="/basic-ws"
            // A fresh timestamp at every connect, as the product's client sends it.
            url={() => socketUrl(`/basic-ws?t=${Date.now()}&uid=${userId}`)}
          />
        )}
      </DevPage>
    </>
  );
}
