import { type ReactNode, StrictMode, useEffect } from "react";
import { ErrorBoundary } from "./error-boundary";

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

/** What every tree rendered into #root has around it: the whole app's (app.tsx) and a visitor's page's (visitor-page.tsx). */
export function Shell({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <ErrorBoundary>
        {children}
        <MarkInteractive />
      </ErrorBoundary>
    </StrictMode>
  );
}
