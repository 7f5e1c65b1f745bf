import { lazy, Suspense, type ComponentProps } from "react";
import type { EventSummary as EagerEventSummary } from "./event-summary";

// Only event posts show the summary: other articles do not load its code or its icons
// (decision 0107). The server renders it in place, so it reads without JavaScript.
const Summary = import.meta.env.SSR
  ? (await import("./event-summary")).EventSummary
  : lazy(() => import("./event-summary").then((m) => ({ default: m.EventSummary })));

/** An event post's when, where and "Add to calendar" (event-summary.tsx), loaded with it. */
export function EventSummary(props: ComponentProps<typeof EagerEventSummary>) {
  return (
    <Suspense fallback={null}>
      <Summary {...props} />
    </Suspense>
  );
}
