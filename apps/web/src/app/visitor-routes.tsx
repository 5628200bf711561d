import type { ReactNode } from "react";
import { Route, Routes } from "react-router";
import { Chrome } from "./layout/chrome";

/**
 * One page as a visitor with no session gets it (visitor-page.tsx): the chrome and the page, without
 * the signed-in app around them (auth, queries, sockets), which renders nothing more there. Any other
 * path is `elsewhere`: the page is handed to the whole app.
 */
export function VisitorRoutes({
  path,
  page,
  elsewhere,
}: {
  path: string;
  page: ReactNode;
  elsewhere: ReactNode;
}) {
  return (
    <Routes>
      <Route element={<Chrome visitor />}>
        <Route path={path} element={page} />
      </Route>
      <Route path="*" element={elsewhere} />
    </Routes>
  );
}
