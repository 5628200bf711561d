import { type ReactNode, useEffect } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { BrowserRouter, useNavigationType } from "react-router";
import { FullPageSpinner } from "@/components/ui/spinner";
import { rememberTimeZone } from "@/lib/time-zone";
import { Shell } from "./shell";
import { VisitorRoutes } from "./visitor-routes";

// What the visitor's entries (visitor.tsx, visitor-auth.tsx) share. The server sends a pre-rendered
// page only to a visitor with no session, who needs React and the router to use it, not the whole app
// (queries, sockets, the signed-in chrome). The first move to another page hands the document to the
// whole app (app.tsx), whose code is fetched as soon as a link to one is pointed at, focused or touched.

const loadApp = () => import("./app");

let root: Root | null = null;

/** Another page was opened: the whole app renders it, from the top unless the browser went back. */
function HandOff() {
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== "POP") window.scrollTo(0, 0);
    loadApp().then(
      ({ BrowserApp }) => root?.render(<BrowserApp />),
      // Its code could not be fetched (a new deploy, the network): the server answers the page itself.
      () => window.location.reload(),
    );
  }, [navigationType]);
  return <FullPageSpinner />;
}

const INTENT = ["pointerover", "focusin", "touchstart"] as const;
function prefetchOnIntent(event: Event) {
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.pathname === window.location.pathname) return;
  for (const type of INTENT) document.removeEventListener(type, prefetchOnIntent, true);
  void loadApp();
}

/** Hydrates the pre-rendered page at `path` (prerender.tsx renders the same tree). */
export function hydrateVisitorPage(path: string, page: ReactNode) {
  rememberTimeZone();
  for (const type of INTENT)
    document.addEventListener(type, prefetchOnIntent, { capture: true, passive: true });
  const container = document.getElementById("root");
  if (!container) throw new Error("The #root element is missing from the page");
  root = hydrateRoot(
    container,
    <Shell>
      <BrowserRouter>
        <VisitorRoutes path={path} page={page} elsewhere={<HandOff />} />
      </BrowserRouter>
    </Shell>,
  );
}
