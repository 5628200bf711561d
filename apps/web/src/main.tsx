import { createRoot } from "react-dom/client";
import { BrowserApp } from "@/app/app";
import { registerServiceWorker } from "@/lib/service-worker";
import "./index.css";

// The whole app, for anyone the server does not send a pre-rendered visitor's page (prerender.tsx).
const container = document.getElementById("root");
if (!container) throw new Error("The #root element is missing from index.html");
createRoot(container).render(<BrowserApp />);
void registerServiceWorker();
