import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { isWithinPage } from "@/lib/within-page";

/** How long a lazily loaded page may take to show its heading before we stop looking. */
const WAIT_FOR_HEADING_MS = 5_000;

/** Elements whose focus a person or the page chose: a dialog, an incoming call, an open menu or its button. */
const CHOSEN_FOCUS =
  '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [aria-expanded="true"]';

/**
 * Focus is the page's own (a field it focused) or was chosen since the navigation: leave it there.
 * Moving it would close a menu opened while the page was still loading its heading.
 */
function focusTaken(main: HTMLElement): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return false;
  return main.contains(active) || active.closest(CHOSEN_FOCUS) !== null;
}

/**
 * After an in-app navigation, focus moves to the new page's h1, so a screen reader announces the page
 * and the keyboard starts there (not on the link it pressed in the header). The first load and a step
 * within one page (the wizard) keep focus where it is.
 */
export function useFocusHeadingOnNavigate(): void {
  const { key, state } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation (location.key)
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (isWithinPage(state)) return;
    const main = document.getElementById("main");
    if (!main) return;
    const startedAt = performance.now();
    let frame = 0;
    const look = () => {
      const heading = main.querySelector("h1");
      if (focusTaken(main)) return;
      if (heading) {
        if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
        heading.focus({ preventScroll: true });
        return;
      }
      if (performance.now() - startedAt < WAIT_FOR_HEADING_MS) frame = requestAnimationFrame(look);
    };
    frame = requestAnimationFrame(look);
    return () => cancelAnimationFrame(frame);
  }, [key]);
}
