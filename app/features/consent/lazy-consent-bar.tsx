import { lazy, Suspense, type ComponentProps } from "react";
import type { ConsentBar as EagerConsentBar } from "./consent-bar";

// Only visitors asked for consent see the bar: other readers' pages do not load its code
// (docs/milestones.md#issue-17-performance, decision 0107's pattern). The server renders it in place, a plain form that
// works before its code arrives, and the browser hydrates it once the chunk loads.
const Bar = import.meta.env.SSR
  ? (await import("./consent-bar")).ConsentBar
  : lazy(() => import("./consent-bar").then((m) => ({ default: m.ConsentBar })));

/** The consent bar (consent-bar.tsx), its code loaded when a page first shows it. */
export function ConsentBar(props: ComponentProps<typeof EagerConsentBar>) {
  return (
    <Suspense fallback={null}>
      <Bar {...props} />
    </Suspense>
  );
}
