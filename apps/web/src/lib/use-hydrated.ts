import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False in the server's render of a page and in the browser's render that hydrates it, true after
 * (and at once in a page the browser renders itself): for what only the browser can show.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
