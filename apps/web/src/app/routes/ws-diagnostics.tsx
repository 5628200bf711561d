import { PRODUCT_NAME } from "@kindred/shared/constants";
import { ConnectionDiagnostics } from "@/features/dev-sockets/components/connection-diagnostics";
import { DevPage } from "@/features/dev-sockets/components/dev-page";

/** /ws-diagnostics (public). */
export function WsDiagnosticsPage() {
  return (
    <>
      <title>{`Connection Diagnostics · ${PRODUCT_NAME}`}</title>
      <DevPage
        title="Connection Diagnostics"
        intro="The online-status socket this page holds, as the app sees it, and the page views recorded in this tab."
      >
        <ConnectionDiagnostics />
      </DevPage>
    </>
  );
}
