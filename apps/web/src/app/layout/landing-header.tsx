import { Link } from "react-router";
import { BrandLogo } from "@/components/brand-logo";
import { Button } from "@/components/ui/button";

const ANCHORS = [
  { href: "#how-it-works", label: "How It Works" },
  { href: "#features", label: "Features" },
  { href: "#about", label: "About" },
] as const;

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-40 border-stone-200/70 border-b bg-white/80 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link
          to="/"
          className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-400"
        >
          <BrandLogo />
        </Link>
        <nav aria-label="Sections" className="ml-6 hidden items-center gap-1 md:flex">
          {ANCHORS.map((anchor) => (
            <a
              key={anchor.href}
              href={anchor.href}
              className="rounded-full px-4 py-2 font-medium text-sm text-stone-600 transition-colors hover:bg-stone-100 hover:text-stone-900"
            >
              {anchor.label}
            </a>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <Button asChild variant="ghost" size="sm" className="h-9 px-4">
            <Link to="/auth?tab=login">Sign In</Link>
          </Button>
          <Button asChild variant="gradient" size="sm" className="h-9 px-4">
            <Link to="/auth?tab=register">Sign Up</Link>
          </Button>
        </div>
      </div>
    </header>
  );
}
