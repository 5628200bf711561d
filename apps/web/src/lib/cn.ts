import { type ClassValue, clsx } from "clsx";

type Merge = (classes: string) => string;
const join: Merge = (classes) => classes;
let merge = join;

/**
 * Joins class names. The whole app (app.tsx) merges them with tailwind-merge, so that a later utility
 * overrides an earlier one of its kind (a Button's className over its variant's classes). The
 * visitor's pages (visitor-page.tsx) go without its 7 KB: their classes never conflict, which the
 * build checks by rendering them both ways (prerender.tsx).
 */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}

/** Sets how conflicting classes are merged; null joins them as they are. */
export function setClassMerge(next: Merge | null): void {
  merge = next ?? join;
}
