import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import { finished } from "node:stream/promises";
import { dehydrate, type Query, type QueryClient, type QueryObserverOptions } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import { App } from "@/app/app";
import { pageQueries, signedInPageAt, userQuery } from "@/app/preload";
import { PART_SCRIPTS, RENDERED_STATE, type RenderedState } from "@/app/rendered-state";
import { AppRoutes, signedInPages } from "@/app/router";
import { setTransport } from "@/lib/api";
import { hearParts } from "@/lib/lazy-part";
import { createQueryClient } from "@/lib/query-client";

/**
 * The server's render of a signed-in page (apps/server/src/plugins/signed-in-pages.ts), built apart
 * from the app (vite build --ssr): the page's markup with its data in the document, so that its
 * content comes with the first response instead of after the app's script, its session and its data.
 * The app's own queries ask the server through `send`, which answers them in-process with the
 * request's cookie.
 */
const requests = new AsyncLocalStorage<{ send: typeof fetch; parts: Set<string> }>();
setTransport((input, init) => {
  const request = requests.getStore();
  if (!request) throw new Error("A query ran outside a page's render");
  return request.send(input, init);
});
hearParts((name) => requests.getStore()?.parts.add(name));

/** The scripts of each lazy part, by its name, beside this file in the build (scripts/prerender.mjs). */
const partScripts: Record<string, string[] | undefined> = (() => {
  const file = new URL("./part-scripts.json", import.meta.url);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {};
})();

/** The routes the server renders (plugins/signed-in-pages.ts), in the router's syntax: signedInPages' paths. */
export const RENDERED_ROUTES = Object.keys(signedInPages).map((path) =>
  path.endsWith("/") ? `${path}:id` : path,
);

/** What the server puts in the document: the markup for #root, its <title>, and the queries' answers. */
export interface RenderedPage {
  markup: string;
  title: string | null;
  /**
   * Data blocks (`<script type="application/json">`, which no CSP blocks): the state main.tsx reads,
   * and the parts' scripts the boot script preloads.
   */
  stateScript: string;
}

// Loaded by every signed-in page once it is hydrated (app/layout/root-layout.tsx): its scripts are
// preloaded with the parts'.
const AFTER_HYDRATION = ["call-root"];
// A query a render asked for can ask for another once answered (a page's match, then its details).
const SETTLES = 3;
const TITLE = /<title>[^<]*<\/title>/;

/**
 * The page at `url` as this session sees it, with its times in `timeZone` (the browser's, checked by
 * the caller; else the server's), or null when it is no signed-in page or there is no session.
 */
export function renderSignedInPage(
  url: string,
  send: typeof fetch,
  timeZone?: string,
): Promise<RenderedPage | null> {
  const parts = new Set<string>();
  return requests.run({ send, parts }, async () => {
    const pathname = new URL(url, "http://localhost").pathname;
    if (!signedInPageAt(pathname)) return null;
    const queryClient = createQueryClient();
    const [user] = await Promise.all([
      queryClient.fetchQuery(userQuery).catch(() => null),
      ...pageQueries(pathname, queryClient).map((query) => queryClient.prefetchQuery(query)),
    ]);
    if (!user) return null;
    for (let pass = 0; pass < SETTLES; pass++) {
      await settle(url, queryClient);
      const asked = unanswered(queryClient);
      if (asked.length === 0) break;
      await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
    }
    const { html, zoneOffset } = inTimeZone(timeZone, () => ({
      html: renderToString(page(url, queryClient)),
      zoneOffset: new Date().getTimezoneOffset(),
    }));
    const title = html.match(TITLE)?.[0] ?? null;
    const markup = title ? html.replace(title, "") : html;
    const state = { queries: dehydrate(queryClient), parts: [...parts], zoneOffset } satisfies RenderedState;
    const scripts = new Set([...parts, ...AFTER_HYDRATION].flatMap((part) => partScripts[part] ?? []));
    return {
      markup,
      title,
      stateScript: [
        `<script type="application/json" id="${RENDERED_STATE}">${forScript(state)}</script>`,
        `<script type="application/json" id="${PART_SCRIPTS}">${forScript([...scripts])}</script>`,
      ].join(""),
    };
  });
}

function page(url: string, queryClient: QueryClient) {
  return (
    <App queryClient={queryClient}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </App>
  );
}

/**
 * Renders until every lazy module the page uses has loaded (they stay loaded: the markup then comes from
 * renderToString, which never waits and writes no inline script, which the CSP would refuse), leaving
 * in the cache the queries the page asked for.
 */
async function settle(url: string, queryClient: QueryClient): Promise<void> {
  const { prelude } = await prerenderToNodeStream(page(url, queryClient));
  prelude.resume();
  await finished(prelude);
}

/**
 * Runs `render` with the process's local time in `zone`, which the app's date functions follow as a
 * browser's do. `render` must be synchronous (renderToString): nothing else runs while the zone is changed.
 */
function inTimeZone<T>(zone: string | undefined, render: () => T): T {
  const before = process.env.TZ;
  if (!zone || zone === before) return render();
  process.env.TZ = zone;
  try {
    return render();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

/** The queries the last render used and nobody has asked the server for yet (a render never fetches). */
function unanswered(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        query.state.status === "pending" &&
        query.state.fetchStatus === "idle" &&
        query.options.queryFn !== undefined &&
        // A query's options are those of the hook that made it, which may have turned it off.
        (query.options as QueryObserverOptions).enabled !== false,
    );
}

/** JSON that cannot end the <script> element it is written into. */
function forScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
