import { type ComponentType, lazy } from "react";

/**
 * A part of the app whose code loads when it is first shown (React.lazy), by a name. The server's render
 * of a page (server-render.tsx) hears which parts it showed; the browser loads those before it hydrates
 * the page (preloadParts), and a loaded part then renders at once instead of suspending: hydrating it
 * never waits on the network, and a tap on it is never lost.
 */
const loaders = new Map<string, () => Promise<unknown>>();
let heard: ((name: string) => void) | null = null;

/** For server-render.tsx: called with each part's name as a render shows it. */
export function hearParts(listener: (name: string) => void): void {
  heard = listener;
}

/** `name`: the file name of the module `load` imports, by which the build finds the part's scripts. */
export function lazyPart<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  loaders.set(name, preload);
  // Once loaded, a thenable that answers at once: React then renders the part without suspending.
  const Lazy = lazy(() => (loaded ? answered({ default: loaded }) : preload().then((c) => ({ default: c }))));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level
  function Part(props: P) {
    heard?.(name);
    return <Lazy {...props} />;
  }
  Part.displayName = `LazyPart(${name})`;
  return Part;
}

/** A thenable that calls back at once, where a promise would wait for a microtask. */
function answered<T>(value: T): Promise<T> {
  // biome-ignore lint/suspicious/noThenProperty: React.lazy reads a thenable, and this one is already settled
  return { then: (resolve: (value: T) => void) => resolve(value) } as Promise<T>;
}

/**
 * Loads the named parts. A part's name is known once the code that declares it has loaded (a page's
 * wizard, in the page's module): each round loads what is known, until all are or none is new.
 */
export async function preloadParts(names: readonly string[]): Promise<void> {
  const done = new Set<string>();
  for (;;) {
    const known = names.filter((name) => !done.has(name) && loaders.has(name));
    if (known.length === 0) return;
    for (const name of known) done.add(name);
    await Promise.all(known.map((name) => loaders.get(name)?.()));
  }
}
