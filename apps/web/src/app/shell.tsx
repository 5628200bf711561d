import { type ReactNode, StrictMode } from "react";
import { ErrorBoundary } from "./error-boundary";

/** What every tree rendered into #root has around it: the whole app's (app.tsx) and a visitor's page's (visitor-page.tsx). */
export function Shell({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <ErrorBoundary>{children}</ErrorBoundary>
    </StrictMode>
  );
}
