import { useMemo, useSyncExternalStore } from "react";
import { type PageView, recentPageViews, subscribePageViews } from "@/lib/analytics";

// Views carry no id and two may share a name and a millisecond; each recorded view is its own object,
// kept as it is until it falls off the list, so the object itself is the identity a row key needs.
const keys = new WeakMap<PageView, number>();
let nextKey = 1;

function keyOf(view: PageView): number {
  let key = keys.get(view);
  if (key === undefined) {
    key = nextKey++;
    keys.set(view, key);
  }
  return key;
}

/** The latest page views (at most 100), newest first, live, each with a stable key for its row. */
export function usePageViews(): ReadonlyArray<{ key: number; view: PageView }> {
  const views = useSyncExternalStore(subscribePageViews, recentPageViews, recentPageViews);
  return useMemo(() => views.map((view) => ({ key: keyOf(view), view })).reverse(), [views]);
}
