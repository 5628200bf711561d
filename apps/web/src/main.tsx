import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserApp } from "@/app/app";
import { RENDERED_STATE, type RenderedState } from "@/app/rendered-state";
import { cn } from "@/lib/cn";
import { preloadParts } from "@/lib/lazy-part";
import { registerServiceWorker } from "@/lib/service-worker";
import { rememberTimeZone } from "@/lib/time-zone";
import "./index.css";

// The whole app, for anyone the server does not send a pre-rendered visitor's page (prerender.tsx).
const container = document.getElementById("root");
if (!container) throw new Error("The #root element is missing from index.html");
const rendered = document.getElementById(RENDERED_STATE)?.textContent;
if (rendered) {
  // A signed-in page the server rendered with its data (server-render.tsx) is hydrated with that data,
  // once the code of every part it shows is here, in a transition that yields to the browser as it
  // goes. The page is `inert` until then (app/shell.tsx).
  const state = JSON.parse(rendered) as RenderedState;
  rememberTimeZone(state.zoneOffset);
  // Each step in a task of its own. The boot script has preloaded the parts' scripts
  // (scripts/prerender.mjs); a part it did not know asks for its own as it loads.
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  void (async () => {
    await nextTask();
    await preloadParts(state.parts).catch(() => {});
    await nextTask();
    // tailwind-merge builds its tables on its first call: a long task, apart from hydration's.
    cn("p-0", "p-1");
    await nextTask();
    startTransition(() => {
      hydrateRoot(container, <BrowserApp rendered={state.queries} />);
    });
  })();
} else {
  rememberTimeZone();
  createRoot(container).render(<BrowserApp />);
}
void registerServiceWorker();
