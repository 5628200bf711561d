import { createHook } from "node:async_hooks";

/** The object held, once taken: one of process.nextTick's own. */
let held: object | undefined;

/**
 * Holds one of the objects `process.nextTick` makes (one per call: every stream write, every response's
 * end) for the life of the process, so that V8 keeps the hidden classes such an object passes through
 * as nextTick builds it, property by property.
 *
 * Without one alive, nothing holds those intermediate classes but weak references. A full garbage
 * collection that finds no tick object alive (the app idle between requests) frees them, and the next
 * nextTick makes new ones. V8 then marks the spots in nextTick that build the object as having seen
 * more than one class ("megamorphic"), and for the rest of the process every nextTick builds its
 * object through V8's runtime: 7–9 µs a request on this host, where a whole refused request costs
 * 45–60, in whichever processes such a collection happened to find idle (docs/benchmarks.md).
 * (Node 20's V8: an object literal with computed keys records the class it last saw as a weak
 * reference, and a cleared one counts as a different class.)
 *
 * The only way to reach a tick object from outside Node is an async hook's `init`, given the object
 * itself: the hook is on for one nextTick, then off again.
 */
export function holdTickObjectMaps(): void {
  if (held) return;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === "TickObject") held ??= resource;
    },
  });
  hook.enable();
  try {
    process.nextTick(() => {});
  } finally {
    hook.disable();
  }
}
