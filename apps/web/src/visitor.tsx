import { LandingPage } from "@/app/routes/landing";
import { hydrateVisitorPage } from "@/app/visitor-page";

// The landing page's entry: React, the router and the page, not the whole app (app/visitor-page.tsx).
hydrateVisitorPage("/", <LandingPage />);
