import { useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { BrowserRouter, useNavigationType } from "react-router";
import { Shell } from "@/app/shell";
import { VisitorRoutes } from "@/app/visitor-routes";
import { FullPageSpinner } from "@/components/ui/spinner";

// The landing page's entry. The server sends the pre-rendered landing page only to a visitor with no
// session, who needs React and the router to use it, not the whole app (auth, queries, sockets: a
// fifth of its bytes more). The first link to another page hands the document to the whole app
// (app.tsx), whose code is fetched as soon as such a link is pointed at, focused or touched.

const loadApp = () => import("@/app/app");

/** Another page was opened: the whole app renders it, from the top unless the browser went back. */
function HandOff() {
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== "POP") window.scrollTo(0, 0);
    loadApp().then(
      ({ BrowserApp }) => root.render(<BrowserApp />),
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
for (const type of INTENT)
  document.addEventListener(type, prefetchOnIntent, { capture: true, passive: true });

const container = document.getElementById("root");
if (!container) throw new Error("The #root element is missing from index.html");
const root = hydrateRoot(
  container,
  <Shell>
    <BrowserRouter>
      <VisitorRoutes elsewhere={<HandOff />} />
    </BrowserRouter>
  </Shell>,
);
