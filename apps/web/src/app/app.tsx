import { type ReactNode, StrictMode, useEffect } from "react";
import { ErrorBoundary } from "./error-boundary";
import { AppProviders } from "./providers";

/**
 * Marks the document once React runs it (`<html data-interactive>`): until then a pre-rendered page is
 * markup only, whose links work and whose buttons do not yet. Browser tests wait for it.
 */
function MarkInteractive() {
  useEffect(() => {
    document.documentElement.dataset.interactive = "";
  }, []);
  return null;
}

/**
 * The whole app around its router: the browser's (main.tsx) or a static one at build time
 * (prerender.tsx), so that the pre-rendered markup is exactly what the browser's first render hydrates.
 */
export function App({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <ErrorBoundary>
        <AppProviders>{children}</AppProviders>
        <MarkInteractive />
      </ErrorBoundary>
    </StrictMode>
  );
}
