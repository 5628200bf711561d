import { useRef } from "react";

const IN_DIALOG = '[role="dialog"], [role="alertdialog"]';

/** The element a dialog should give focus back to: a menu's button stands for the menu's items. */
function openerOf(element: HTMLElement): HTMLElement {
  const triggerId = element.closest('[role="menu"]')?.getAttribute("aria-labelledby");
  return (triggerId && document.getElementById(triggerId)) || element;
}

// The last element focused outside any dialog. A dialog opened from a menu item mounts after the menu
// has closed and the item is gone, so the opener is taken when it is focused, not when the dialog opens.
let lastOpener: HTMLElement | null = null;
if (typeof document !== "undefined") {
  document.addEventListener(
    "focusin",
    (event) => {
      if (event.target instanceof HTMLElement && !event.target.closest(IN_DIALOG)) {
        lastOpener = openerOf(event.target);
      }
    },
    true,
  );
}

/**
 * Closing a dialog returns focus to what opened it. Radix does so for its own Trigger; a dialog opened
 * from a menu item or by state would leave focus on the page's body. The handlers go on the dialog's
 * Content: the opener is taken as it opens (the Content component stays mounted while closed).
 */
export function useReturnFocus(handlers: {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const from = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      from.current = lastOpener;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      handlers.onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = from.current;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
