import { PRODUCT_NAME } from "@kindred/shared/constants";
import { Compass } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

export function NotFoundPage() {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-6 py-20 text-center">
      <title>{`Page Not Found · ${PRODUCT_NAME}`}</title>
      <div className="rounded-full bg-violet-50 p-4 text-violet-600">
        <Compass className="size-8" aria-hidden />
      </div>
      <p className="font-semibold text-rose-700 text-sm">404</p>
      <h1 className="font-bold text-3xl text-stone-900 tracking-tight">Page Not Found</h1>
      <p className="text-stone-600">The page you are looking for does not exist or has moved.</p>
      <Button asChild variant="gradient">
        <Link to="/">Go to homepage</Link>
      </Button>
    </section>
  );
}
