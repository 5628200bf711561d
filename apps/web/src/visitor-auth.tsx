import { VisitorAuthPage } from "@/app/routes/auth";
import { hydrateVisitorPage } from "@/app/visitor-page";

// The sign-in page's entry: the forms without the whole app, which takes over once the person is
// signed in (app/visitor-page.tsx).
hydrateVisitorPage("/auth", <VisitorAuthPage />);
