import { lazy, Suspense, type ComponentProps } from "react";
import type { ReportButton as EagerReportButton } from "./report-button";

// Only approved members see "Report": readers' pages do not load its code, its dialog or its
// rules (decision 0107). The server renders it in place, so a member's page hydrates it.
const Button = import.meta.env.SSR
  ? (await import("./report-button")).ReportButton
  : lazy(() => import("./report-button").then((m) => ({ default: m.ReportButton })));

/** The "Report" button (report-button.tsx), its code loaded when a page first shows one. */
export function ReportButton(props: ComponentProps<typeof EagerReportButton>) {
  return (
    <Suspense fallback={null}>
      <Button {...props} />
    </Suspense>
  );
}
