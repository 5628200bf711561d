import { createHook } from "node:async_hooks";

let held: object | undefined;

/**
 * Keeps one of process.nextTick's objects alive, so an idle full collection cannot free the hidden
 * classes nextTick builds it through and leave every later nextTick on V8's slow path (Node 20 and 24).
 * Why and how it was found: docs/decisions/005-tick-object-hold.md; checked by `npm run bench:tick-maps`.
 */
export function holdTickObjectMaps(): void {
  if (held) return;
  // The only way to reach a tick object from outside Node: an async hook's init, on for one nextTick.
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
