export function MatchGridSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div
      className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3"
      role="status"
      aria-busy="true"
      aria-label="Loading matches"
    >
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="h-72 animate-pulse rounded-3xl border border-stone-200 bg-white p-5">
          <div className="flex gap-4">
            <div className="size-16 rounded-2xl bg-stone-100" />
            <div className="flex-1 space-y-2 pt-1">
              <div className="h-4 w-1/2 rounded bg-stone-100" />
              <div className="h-3 w-1/3 rounded bg-stone-100" />
            </div>
          </div>
          <div className="mt-6 space-y-2">
            <div className="h-3 rounded bg-stone-100" />
            <div className="h-3 w-5/6 rounded bg-stone-100" />
          </div>
        </div>
      ))}
    </div>
  );
}
