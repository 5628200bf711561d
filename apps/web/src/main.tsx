import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "@/app/app";
import { AppRoutes } from "@/app/router";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error("The #root element is missing from index.html");

// Declarative routing (not createBrowserRouter): the data router adds ~16 kB gzip to every page
// and nothing here needs loaders or actions.
const app = (
  <App>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </App>
);
// The landing and sign-in pages come pre-rendered (prerender.tsx) to visitors with no session: the
// browser paints them before any script runs, and React takes over the markup it finds.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
