import { AUDIT_ACTIONS, RULE_CHOICES } from "@kindred/shared/moderation";
import { useEffect, useId, useState } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { errorDetail } from "@/lib/api";
import { useAuditQuery } from "../api/get-audit";
import type { AuditFilter } from "../audit-filter";
import { AUDIT_ACTION_LABEL, actorName } from "../moderation-copy";
import { formatWhen } from "../when";

const TYPING_PAUSE_MS = 300;

/** The filter as typed, and as asked for: the names once typing pauses, the action at once. */
function useAuditFilter() {
  const [filter, setFilter] = useState<AuditFilter>({ action: "", actor: "", subject: "" });
  const [applied, setApplied] = useState(filter);
  useEffect(() => {
    const timer = setTimeout(() => setApplied(filter), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [filter]);
  const set = (patch: Partial<AuditFilter>) => {
    const next = { ...filter, ...patch };
    setFilter(next);
    if (patch.action !== undefined) setApplied(next);
  };
  return { filter, applied, set };
}

function AuditTable({ filter }: { filter: AuditFilter }) {
  const audit = useAuditQuery(filter);
  if (audit.isError) {
    return <p role="alert">{errorDetail(audit.error, "The audit log could not be loaded.")}</p>;
  }
  if (!audit.data) return <p className="text-stone-500">Loading the audit log…</p>;
  if (audit.data.length === 0) return <p className="text-stone-600">Nothing in the log matches.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Audit log, newest first</caption>
        <thead className="text-stone-600">
          <tr>
            <th className="p-2">When</th>
            <th className="p-2">Actor</th>
            <th className="p-2">Action</th>
            <th className="p-2">Subject</th>
            <th className="p-2">Rule</th>
            <th className="p-2">Days</th>
            <th className="p-2">Note</th>
          </tr>
        </thead>
        <tbody>
          {audit.data.map((e) => (
            <tr key={e.id} data-testid="audit-row" className="border-stone-100 border-t align-top">
              <td className="whitespace-nowrap p-2">{formatWhen(e.at)}</td>
              <td className="p-2">{actorName(e)}</td>
              <td className="p-2">{AUDIT_ACTION_LABEL[e.action]}</td>
              <td className="p-2">{e.subject.username}</td>
              <td className="p-2">{e.rule ? RULE_CHOICES[e.rule] : ""}</td>
              <td className="p-2">{e.days ?? ""}</td>
              <td className="whitespace-pre-line p-2">{e.note ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Every decision, automatic measure and change of role, newest first (admins). */
export function AuditLog() {
  const id = useId();
  const { filter, applied, set } = useAuditFilter();
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-action`}>Action</Label>
          <NativeSelect
            id={`${id}-action`}
            value={filter.action}
            onChange={(event) => set({ action: event.target.value as AuditFilter["action"] })}
          >
            <option value="">Every action</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {AUDIT_ACTION_LABEL[a]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-actor`}>Actor</Label>
          <Input
            id={`${id}-actor`}
            placeholder="Username"
            value={filter.actor}
            onChange={(e) => set({ actor: e.target.value })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-subject`}>Subject</Label>
          <Input
            id={`${id}-subject`}
            placeholder="Username"
            value={filter.subject}
            onChange={(e) => set({ subject: e.target.value })}
          />
        </div>
      </div>
      <AuditTable filter={applied} />
    </div>
  );
}
