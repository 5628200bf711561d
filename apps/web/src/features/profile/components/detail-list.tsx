import type { ReactNode } from "react";

export interface Detail {
  label: string;
  value: ReactNode;
}

const isEmpty = (value: ReactNode) =>
  value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

/** Label / value rows; an unanswered value reads 'Not set'. */
export function DetailList({ items }: { items: readonly Detail[] }) {
  return (
    <dl className="divide-y divide-stone-100">
      {items.map(({ label, value }) => (
        <div key={label} className="grid gap-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-[10rem_1fr] sm:gap-4">
          <dt className="text-sm text-stone-500">{label}</dt>
          <dd className="font-medium text-sm text-stone-900">
            {isEmpty(value) ? <span className="font-normal text-stone-500">Not set</span> : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function Chips({ items }: { items: readonly string[] | null }) {
  if (!items || items.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li key={item} className="rounded-full bg-rose-50 px-2.5 py-1 font-medium text-rose-800 text-xs">
          {item}
        </li>
      ))}
    </ul>
  );
}
