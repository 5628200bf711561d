import { SettingSwitch } from "@/components/ui/setting-switch";
import type { PushState } from "../push-state";

const LABEL = "Notifications on this browser";

/** What the switch says under its label, for each state. */
const SENTENCES: Record<PushState["kind"], string> = {
  on: "On: calls, reminders and messages reach this browser even when Kindred is closed.",
  off: "Off: Kindred reaches you only while it is open. Turning this on asks your browser for permission.",
  denied:
    "Your browser blocked notifications from Kindred. To undo it, click the lock or site-settings icon next to the address bar, set Notifications to Allow for this site, then reload the page.",
  unsupported:
    "This browser cannot show notifications from Kindred. Calls still ring while Kindred is open in a tab.",
  "needs-install":
    "On iPhone and iPad, add Kindred to your Home Screen first: tap Share, then Add to Home Screen. Then open Kindred from the Home Screen and turn notifications on.",
};

/**
 * The switch for this browser's push subscription: on asks for permission (only on that click) and
 * subscribes; off unsubscribes. Disabled where it cannot work, saying why.
 */
export function BrowserPushSwitch({
  state,
  busy,
  onTurnOn,
  onTurnOff,
}: {
  state: PushState | null;
  busy: boolean;
  onTurnOn: () => void;
  onTurnOff: () => void;
}) {
  if (!state) {
    return (
      <SettingSwitch
        label={LABEL}
        description="Checking this browser…"
        checked={false}
        disabled
        onChange={() => {}}
      />
    );
  }
  const on = state.kind === "on";
  const usable = state.kind === "on" || state.kind === "off";
  return (
    <SettingSwitch
      label={LABEL}
      description={busy ? (on ? "Turning off…" : "Turning on…") : SENTENCES[state.kind]}
      checked={on}
      disabled={busy || !usable}
      onChange={(checked) => (checked ? onTurnOn() : onTurnOff())}
    />
  );
}
