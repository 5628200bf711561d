import type { DehydratedState } from "@tanstack/react-query";

/** The id of the data block a page the server rendered (server-render.tsx) carries for main.tsx. */
export const RENDERED_STATE = "kindred-rendered-state";

export interface RenderedState {
  /** The answers of the queries the page was rendered with. */
  queries: DehydratedState;
  /** The lazy parts it showed (lib/lazy-part.tsx), loaded before it is hydrated. */
  parts: string[];
  /** The offset (as Date#getTimezoneOffset gives it) of the time zone its times were written in. */
  zoneOffset: number;
}

/** The id of the list of the parts' scripts, which the page's boot script preloads (scripts/prerender.mjs). */
export const PART_SCRIPTS = "kindred-part-scripts";
