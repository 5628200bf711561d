import { vi } from "vitest";

// Test files share their worker (isolate: false, vitest.config.ts), so before each one every module of
// ours is evaluated afresh, as in a worker of its own: no module state, and no module an earlier file's
// vi.mock replaced, is carried over. Node's cache of node_modules stays; so does what a file changes in
// the process itself (process.env, globals, timers), which it must undo, as an isolated file need not.
vi.resetModules();
