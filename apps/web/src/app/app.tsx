import type { ReactNode } from "react";
import { BrowserRouter } from "react-router";
import { twMerge } from "tailwind-merge";
import { setClassMerge } from "@/lib/cn";
import { AppProviders } from "./providers";
import { AppRoutes } from "./router";
import { Shell } from "./shell";

setClassMerge(twMerge);

/**
 * The whole app around its router: the browser's (BrowserApp) or a static one at build time
 * (prerender.tsx), so that the pre-rendered markup is exactly what the browser's first render hydrates.
 */
export function App({ children }: { children: ReactNode }) {
  return (
    <Shell>
      <AppProviders>{children}</AppProviders>
    </Shell>
  );
}

// Declarative routing (not createBrowserRouter): the data router adds ~16 kB gzip to every page
// and nothing here needs loaders or actions.
export function BrowserApp() {
  return (
    <App>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </App>
  );
}
