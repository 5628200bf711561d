import { PRODUCT_NAME } from "@kindred/shared/constants";
import { DevPage } from "@/features/dev-sockets/components/dev-page";
import { StatusConsole } from "@/features/dev-sockets/components/status-console";
import { useAuth } from "@/lib/auth";
import { socketUrl } from "@/lib/socket-url";

const wsUrl = () => socketUrl("/ws");

/** /socket-test (login required): a console on the online-status socket /ws. */
export function SocketTestPage() {
  const { user } = useAuth();
  return (
    <>
      <title>{`Socket Test · ${PRODUCT_NAME}`}</title>
      <DevPage
        title="Socket Test"
        intro="Opens its own connection to the online-status socket /ws: register, heartbeat, ping and go offline, or send any JSON, and watch every frame."
      >
        {user ? <StatusConsole userId={user.id} path="/ws" url={wsUrl} /> : null}
      </DevPage>
    </>
  );
}
