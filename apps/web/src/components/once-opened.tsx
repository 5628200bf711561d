import { type ReactNode, Suspense, useState } from "react";
// Remembers what each dialog was opened from (return-focus.ts) before a lazily loaded one first opens.
import "./ui/return-focus";

/**
 * A dialog whose code loads when it is first opened: mounted from then on, so it keeps its closing
 * animation and gives focus back to what opened it.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
