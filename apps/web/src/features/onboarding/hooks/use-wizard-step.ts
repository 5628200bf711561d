import { useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { withinPageState } from "@/lib/within-page";

const KEY = "wizardStep";

function stepIn(state: unknown): number | null {
  const value = typeof state === "object" && state !== null ? (state as Record<string, unknown>)[KEY] : null;
  return typeof value === "number" && Number.isInteger(value) ? value : null;
}

/**
 * The wizard's step, kept in the browser history: each step is a history entry of the same page, so the
 * browser's Back goes to the previous step. A step never reached in this visit (an old entry's, or one
 * typed into the state) is not jumped to: the wizard stays on the furthest step reached.
 */
export function useWizardStep(initial: () => number, clamp: (step: number) => number) {
  const location = useLocation();
  const navigate = useNavigate();
  const [start] = useState(initial);
  const furthest = useRef(start);
  const fromHistory = stepIn(location.state);
  const step = clamp(fromHistory === null ? start : Math.min(fromHistory, furthest.current));

  /** Shows `next` as a new history entry (or in place of this one: the completion view). */
  const goTo = (next: number, options: { replace?: boolean } = {}) => {
    const target = clamp(next);
    if (target === step) return;
    furthest.current = Math.max(furthest.current, target);
    const state = withinPageState({ ...(location.state as object | null), [KEY]: target });
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { state, replace: options.replace ?? false, preventScrollReset: true },
    );
  };

  return [step, goTo] as const;
}
