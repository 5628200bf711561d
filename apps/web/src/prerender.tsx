import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { App } from "@/app/app";
import { AppRoutes } from "@/app/router";

/**
 * The pages a visitor with no session opens first, rendered once at build time (scripts/prerender.mjs),
 * each for the exact URL it answers: the sign-in page's heading and title follow its tab.
 */
export const PRERENDERED_PATHS = ["/", "/auth", "/auth?tab=login", "/auth?tab=register"] as const;

/** The markup of the app's first render at this path for a visitor who is not signed in. */
export function render(path: string): string {
  return renderToString(
    <App>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </App>,
  );
}
