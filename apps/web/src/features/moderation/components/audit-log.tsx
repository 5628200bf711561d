import { AUDIT_ACTIONS, type AuditEntry, RULE_CHOICES } from "@kindred/shared/moderation";
import { useId, useState } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorDetail } from "@/lib/api";
import { type AuditFilter, useAuditQuery } from "../api/console";

const date = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

const actorOf = (e: AuditEntry) => e.actor?.username ?? (e.automatic ? "Automatic" : "Command line");

/** Every decision, automatic measure and change of role, newest first (admins). */
export function AuditLog() {
  const id = useId();
  const [filter, setFilter] = useState<AuditFilter>({ action: "", actor: "", subject: "" });
  const audit = useAuditQuery(filter);
  const set = (patch: Partial<AuditFilter>) => setFilter((f) => ({ ...f, ...patch }));
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-action`}>Action</Label>
          <select
            id={`${id}-action`}
            className="h-10 rounded-lg border border-stone-300 bg-white px-3 text-sm"
            value={filter.action}
            onChange={(event) => set({ action: event.target.value as AuditFilter["action"] })}
          >
            <option value="">Every action</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a.replace("_", " ")}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-actor`}>By</Label>
          <Input id={`${id}-actor`} value={filter.actor} onChange={(e) => set({ actor: e.target.value })} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-subject`}>About</Label>
          <Input
            id={`${id}-subject`}
            value={filter.subject}
            onChange={(e) => set({ subject: e.target.value })}
          />
        </div>
      </div>
      {audit.isError ? (
        <p role="alert">{errorDetail(audit.error, "The audit log could not be loaded.")}</p>
      ) : null}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-stone-500">
            <tr>
              <th className="p-2">When</th>
              <th className="p-2">By</th>
              <th className="p-2">Action</th>
              <th className="p-2">About</th>
              <th className="p-2">Rule</th>
              <th className="p-2">Days</th>
              <th className="p-2">Note</th>
            </tr>
          </thead>
          <tbody>
            {(audit.data ?? []).map((e) => (
              <tr key={e.id} data-testid="audit-row" className="border-stone-100 border-t">
                <td className="p-2">{date.format(new Date(e.at))}</td>
                <td className="p-2">{actorOf(e)}</td>
                <td className="p-2">{e.action.replace("_", " ")}</td>
                <td className="p-2">{e.subject.username}</td>
                <td className="p-2">{e.rule ? RULE_CHOICES[e.rule] : ""}</td>
                <td className="p-2">{e.days ?? ""}</td>
                <td className="p-2">{e.note ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
