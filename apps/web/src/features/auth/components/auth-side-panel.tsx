import { PRODUCT_NAME } from "@kindred/shared/constants";

const STATS = [
  { value: "3+", label: "Audio calls before photo reveal" },
  { value: "87%", label: "More meaningful connections" },
  { value: "20+", label: "Compatibility factors" },
  { value: "5 min", label: "Your first call, no pressure" },
] as const;

/** The wide-screen panel of the auth page. */
export function AuthSidePanel() {
  return (
    <aside className="relative hidden overflow-hidden bg-gradient-to-br from-rose-500 via-rose-600 to-violet-700 p-12 text-white lg:flex lg:flex-col lg:justify-center">
      <div aria-hidden className="absolute -top-24 -right-24 size-80 rounded-full bg-white/10 blur-2xl" />
      <div
        aria-hidden
        className="absolute -bottom-32 -left-16 size-96 rounded-full bg-violet-400/20 blur-3xl"
      />
      <div className="relative max-w-md">
        <h2 className="font-bold text-4xl tracking-tight">Dating Beyond Appearances</h2>
        <p className="mt-4 text-lg text-rose-50/90">
          On {PRODUCT_NAME} you meet someone's voice, humour and values first. Photos come later, once you
          have talked.
        </p>
        <dl className="mt-10 grid grid-cols-2 gap-4">
          {STATS.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col-reverse rounded-2xl bg-white/10 p-5 ring-1 ring-white/20 backdrop-blur-sm"
            >
              <dt className="mt-1 text-rose-50/90 text-sm">{stat.label}</dt>
              <dd className="font-bold text-3xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </aside>
  );
}
