import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserApp } from "@/app/app";
import { registerServiceWorker } from "@/lib/service-worker";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error("The #root element is missing from index.html");

// The sign-in page comes pre-rendered (prerender.tsx) to visitors with no session: the browser paints
// it before any script runs, and React takes over the markup it finds. (The landing page has its
// own, smaller entry: visitor.tsx.)
if (container.firstElementChild) hydrateRoot(container, <BrowserApp />);
else createRoot(container).render(<BrowserApp />);
void registerServiceWorker();
