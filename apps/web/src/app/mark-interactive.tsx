import { useLayoutEffect } from "react";

/**
 * Marks the document once React runs its page (`<html data-interactive>`): until then a pre-rendered
 * page is markup only, whose links work and whose buttons do not yet. Browser tests wait for it. A
 * signed-in page the server rendered is `inert` until then, since a tap would be lost: it is rendered
 * first in the page's content (app/layout/chrome.tsx), which React hydrates after the rest of the page,
 * and acts before the content's own effects (one may move the focus into it).
 */
export function MarkInteractive() {
  useLayoutEffect(() => {
    document.documentElement.dataset.interactive = "";
    document.getElementById("root")?.removeAttribute("inert");
  }, []);
  return null;
}
