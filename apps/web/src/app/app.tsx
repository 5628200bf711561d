import { type DehydratedState, hydrate, type QueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { BrowserRouter } from "react-router";
import { twMerge } from "tailwind-merge";
import { setClassMerge } from "@/lib/cn";
import { createQueryClient } from "@/lib/query-client";
import { preloadSignedInPage } from "./preload";
import { AppProviders } from "./providers";
import { AppRoutes } from "./router";
import { Shell } from "./shell";

setClassMerge(twMerge);

/**
 * The whole app around its router: the browser's (BrowserApp) or a static one at build time
 * (prerender.tsx), so that the pre-rendered markup is exactly what the browser's first render hydrates.
 */
export function App({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <Shell>
      <AppProviders queryClient={queryClient}>{children}</AppProviders>
    </Shell>
  );
}

// Declarative routing (not createBrowserRouter): the data router adds ~16 kB gzip to every page
// and nothing here needs loaders or actions.
// `rendered`: the queries' answers the server rendered this page with (server-render.tsx), if it did.
export function BrowserApp({ rendered }: { rendered?: DehydratedState }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (rendered) hydrate(client, rendered);
    else preloadSignedInPage(window.location.pathname, client);
    return client;
  });
  return (
    <App queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </App>
  );
}
