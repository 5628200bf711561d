import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { BrandLogo } from "@/components/brand-logo";
import { Button } from "@/components/ui/button";

const ANCHORS = [
  { href: "/#how-it-works", label: "How It Works" },
  { href: "/#features", label: "Features" },
  { href: "/#about", label: "About" },
] as const;

/**
 * Below md the section links fold into a disclosure (a button that shows and hides a list of links,
 * not an ARIA menu: they are ordinary links). It closes on choosing a link, on Escape (focus back on
 * the button) and on a click outside the header.
 */
function useSectionsDisclosure() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);
  return { open, setOpen, buttonRef, headerRef };
}

export function LandingHeader() {
  const { open, setOpen, buttonRef, headerRef } = useSectionsDisclosure();
  const panelId = useId();
  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-40 border-stone-200/70 border-b bg-white/80 backdrop-blur"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:gap-4 sm:px-6">
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
          <Button asChild variant="ghost" size="header">
            <Link to="/auth?tab=login">Sign In</Link>
          </Button>
          <Button asChild variant="gradient" size="header">
            <Link to="/auth?tab=register">Sign Up</Link>
          </Button>
          <Button
            ref={buttonRef}
            variant="ghost"
            size={null}
            className="size-9 md:hidden"
            aria-label="Sections menu"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((wasOpen) => !wasOpen)}
          >
            {open ? <X aria-hidden /> : <Menu aria-hidden />}
          </Button>
        </div>
      </div>
      <nav
        id={panelId}
        aria-label="Sections"
        hidden={!open}
        className="absolute inset-x-0 top-full border-stone-200 border-b bg-white shadow-lg md:hidden"
      >
        <ul className="mx-auto grid max-w-6xl gap-1 px-4 py-3">
          {ANCHORS.map((anchor) => (
            <li key={anchor.href}>
              <a
                href={anchor.href}
                onClick={() => setOpen(false)}
                className="block rounded-lg px-3 py-3 font-medium text-base text-stone-700 hover:bg-stone-100 hover:text-stone-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-400"
              >
                {anchor.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
