import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { AuditLog } from "./audit-log";
import { ModeratorsPanel } from "./moderators-panel";
import { Queue } from "./queue";

/** /moderation: the queue for moderators; the audit log and the moderators for admins too. */
export function ModerationConsole({ admin }: { admin: boolean }) {
  return (
    <section className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8">
      <h1 className="font-bold text-3xl text-stone-900 tracking-tight">Moderation</h1>
      <Tabs defaultValue="queue" className="grid gap-6">
        <TabsList className="justify-self-start">
          <TabsTrigger value="queue">Queue</TabsTrigger>
          {admin ? <TabsTrigger value="audit">Audit log</TabsTrigger> : null}
          {admin ? <TabsTrigger value="moderators">Moderators</TabsTrigger> : null}
        </TabsList>
        {/* Kept mounted while another tab shows, so a half-written decision survives a look at the log. */}
        <TabsContent value="queue" forceMount className="data-[state=inactive]:hidden">
          <Queue />
        </TabsContent>
        {admin ? (
          <>
            <TabsContent value="audit">
              <AuditLog />
            </TabsContent>
            <TabsContent value="moderators">
              <ModeratorsPanel />
            </TabsContent>
          </>
        ) : null}
      </Tabs>
    </section>
  );
}
