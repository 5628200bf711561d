import { lazy, Suspense, useState } from "react";
import { useToast } from "./use-toast";

// Radix Toast is loaded with the first toast, not with every page (the landing page never toasts).
const Toaster = lazy(() => import("./toaster").then((m) => ({ default: m.Toaster })));

/** The toasts, whose code comes with the first one. */
export function LazyToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
