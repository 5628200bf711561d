import type { ReactNode } from "react";
import { Route, Routes } from "react-router";
import { Chrome } from "./layout/chrome";
import { LandingPage } from "./routes/landing";

/**
 * The landing page as a visitor with no session gets it (visitor.tsx): the chrome and the page, without
 * the signed-in app around them (auth, queries, sockets), which renders nothing more there. Any other
 * path is `elsewhere`: the page is handed to the whole app.
 */
export function VisitorRoutes({ elsewhere }: { elsewhere: ReactNode }) {
  return (
    <Routes>
      <Route element={<Chrome />}>
        <Route path="/" element={<LandingPage />} />
      </Route>
      <Route path="*" element={elsewhere} />
    </Routes>
  );
}
