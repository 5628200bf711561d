import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth";
import { PageViewTable } from "./page-view-table";
import { Panel } from "./panel";
import { SignInToConnect } from "./sign-in-to-connect";
import { SocketMetrics } from "./socket-metrics";

/** /ws-diagnostics: the page's own status socket (members only) and the analytics kept in memory (all). */
export function ConnectionDiagnostics() {
  const { user, isLoading } = useAuth();
  return (
    <div className="grid gap-6">
      <Panel title="Online-status socket">
        {isLoading ? (
          <Spinner />
        ) : user ? (
          <SocketMetrics />
        ) : (
          <SignInToConnect socket="the online-status socket" />
        )}
      </Panel>
      <Panel title="Recent page views">
        <PageViewTable />
      </Panel>
    </div>
  );
}
