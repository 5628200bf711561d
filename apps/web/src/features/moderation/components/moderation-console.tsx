import { useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { errorDetail } from "@/lib/api";
import { useQueueQuery } from "../api/console";
import { AuditLog } from "./audit-log";
import { CaseCard } from "./case-card";
import { ModeratorsPanel } from "./moderators-panel";

function Queue() {
  const queue = useQueueQuery();
  const [done, setDone] = useState("");
  if (queue.isError) return <p role="alert">{errorDetail(queue.error, "The queue could not be loaded.")}</p>;
  if (!queue.data) return <p className="text-stone-500">Loading the queue…</p>;
  return (
    <div className="grid gap-4">
      <p role="status" className="text-emerald-700 text-sm empty:hidden">
        {done}
      </p>
      {queue.data.length === 0 ? <p className="text-stone-600">No open reports. Nice and quiet.</p> : null}
      {queue.data.map((c) => (
        <CaseCard key={c.user.id} c={c} onDecided={(message) => setDone(`${c.user.username} · ${message}`)} />
      ))}
    </div>
  );
}

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
        <TabsContent value="queue">
          <Queue />
        </TabsContent>
        {admin ? (
          <TabsContent value="audit">
            <AuditLog />
          </TabsContent>
        ) : null}
        {admin ? (
          <TabsContent value="moderators">
            <ModeratorsPanel />
          </TabsContent>
        ) : null}
      </Tabs>
    </section>
  );
}
