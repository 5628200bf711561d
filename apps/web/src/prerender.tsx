import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { twMerge } from "tailwind-merge";
import { App } from "@/app/app";
import { AppRoutes } from "@/app/router";
import { Shell } from "@/app/shell";
import { VisitorRoutes } from "@/app/visitor-routes";
import { setClassMerge } from "@/lib/cn";

/**
 * The pages a visitor with no session opens first, rendered once at build time (scripts/prerender.mjs),
 * each for the exact URL it answers (the sign-in page's heading and title follow its tab), with the
 * entry that hydrates it: the landing page's own (visitor.tsx) or the whole app's (main.tsx).
 */
export const PRERENDERED = {
  "/": "visitor",
  "/auth": "main",
  "/auth?tab=login": "main",
  "/auth?tab=register": "main",
} as const;

/**
 * The visitor's entry joins class names without tailwind-merge (lib/cn.ts), which is right only while
 * no two of the page's classes conflict: the page is rendered both ways, and the build stops if they differ.
 */
function renderVisitorPage(path: string): string {
  const page = () =>
    renderToString(
      <Shell>
        <StaticRouter location={path}>
          <VisitorRoutes elsewhere={null} />
        </StaticRouter>
      </Shell>,
    );
  const merged = page();
  setClassMerge(null);
  const joined = page();
  setClassMerge(twMerge);
  if (joined !== merged) {
    let at = 0;
    while (joined[at] === merged[at]) at++;
    const near = (markup: string) => markup.slice(Math.max(0, at - 120), at + 80);
    throw new Error(
      `${path}: classes that tailwind-merge changes, which the visitor's entry does not load. ` +
        `Give the element classes that do not conflict (a variant of its own, or size={null}).\n` +
        `joined: …${near(joined)}…\nmerged: …${near(merged)}…`,
    );
  }
  return joined;
}

/** The markup of the first render at this path, by the tree its entry hydrates, for a visitor. */
export function render(path: keyof typeof PRERENDERED): string {
  if (PRERENDERED[path] === "visitor") return renderVisitorPage(path);
  return renderToString(
    <App>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </App>,
  );
}
