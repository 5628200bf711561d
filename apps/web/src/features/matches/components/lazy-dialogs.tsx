import { type ComponentProps, lazy } from "react";
import { OnceOpened } from "@/components/once-opened";
import type { BlockReportDialog } from "./block-report-dialog";
import type { ScheduleCallDialog } from "./schedule-call-dialog";

// The forms behind a match's actions (a calendar, the report) load when first opened: most visits to
// the pages that offer them open neither.
const Schedule = lazy(() =>
  import("./schedule-call-dialog").then((m) => ({ default: m.ScheduleCallDialog })),
);
const BlockReport = lazy(() =>
  import("./block-report-dialog").then((m) => ({ default: m.BlockReportDialog })),
);

export function LazyScheduleCallDialog(props: ComponentProps<typeof ScheduleCallDialog>) {
  return (
    <OnceOpened open={props.open}>
      <Schedule {...props} />
    </OnceOpened>
  );
}

export function LazyBlockReportDialog(props: ComponentProps<typeof BlockReportDialog>) {
  return (
    <OnceOpened open={props.open}>
      <BlockReport {...props} />
    </OnceOpened>
  );
}
