import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { twMerge } from "tailwind-merge";
import { VisitorAuthPage } from "@/app/routes/auth";
import { LandingPage } from "@/app/routes/landing";
import { Shell } from "@/app/shell";
import { VisitorRoutes } from "@/app/visitor-routes";
import { setClassMerge } from "@/lib/cn";

/**
 * The pages a visitor with no session opens first, rendered once at build time (scripts/prerender.mjs),
 * each for the exact URL it answers (the sign-in page's heading and title follow its tab), with the
 * entry that hydrates it (vite.config.ts): the landing page's (visitor.tsx) or the sign-in page's
 * (visitor-auth.tsx).
 */
// The id of the list of scripts a server-rendered page names for its boot script (scripts/prerender.mjs).
export { PART_SCRIPTS } from "@/app/rendered-state";

export const PRERENDERED = {
  "/": "visitor",
  "/auth": "visitor-auth",
  "/auth?tab=login": "visitor-auth",
  "/auth?tab=register": "visitor-auth",
} as const;

const PAGES: Record<(typeof PRERENDERED)[keyof typeof PRERENDERED], { path: string; page: ReactNode }> = {
  visitor: { path: "/", page: <LandingPage /> },
  "visitor-auth": { path: "/auth", page: <VisitorAuthPage /> },
};

/**
 * The markup of the first render at this URL, by the tree its entry hydrates (app/visitor-page.tsx).
 * The visitor's entries join class names without tailwind-merge (lib/cn.ts), which is right only while
 * no two of the page's classes conflict: the page is rendered both ways, and the build stops if they differ.
 */
export function render(url: keyof typeof PRERENDERED): string {
  const { path, page } = PAGES[PRERENDERED[url]];
  const markup = () =>
    renderToString(
      <Shell>
        <StaticRouter location={url}>
          <VisitorRoutes path={path} page={page} elsewhere={null} />
        </StaticRouter>
      </Shell>,
    );
  const merged = markup();
  setClassMerge(null);
  const joined = markup();
  setClassMerge(twMerge);
  if (joined !== merged) {
    let at = 0;
    while (joined[at] === merged[at]) at++;
    const near = (html: string) => html.slice(Math.max(0, at - 120), at + 80);
    throw new Error(
      `${url}: classes that tailwind-merge changes, which the visitor's entries do not load. ` +
        `Give the element classes that do not conflict (a variant of its own, or size={null}).\n` +
        `joined: …${near(joined)}…\nmerged: …${near(merged)}…`,
    );
  }
  return joined;
}
