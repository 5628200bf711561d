import type { ReactNode } from "react";

/** /settings: the heading, then one section per feature, each composed in by the route. */
export function SettingsPage({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 md:py-10">
      <h1 className="font-bold text-3xl text-stone-900 tracking-tight">Settings</h1>
      {children}
    </section>
  );
}
