import { createElement } from "react";
import type { HeadTag, PageTrackers } from "./trackers";
import { withNonce } from "./trackers";

/** HTML attribute names React knows under another name. */
const REACT_NAMES: Record<string, string> = {
  class: "className",
  charset: "charSet",
  crossorigin: "crossOrigin",
  "http-equiv": "httpEquiv",
  referrerpolicy: "referrerPolicy",
  nomodule: "noModule",
  fetchpriority: "fetchPriority",
};

const BOOLEAN_ATTRIBUTES = new Set(["async", "defer", "nomodule"]);

function propsOf(tag: HeadTag, nonce: string, key: number) {
  const props: Record<string, unknown> = { key };
  for (const [name, value] of Object.entries(tag.attrs)) {
    if (name === "style" || name.startsWith("on")) continue;
    const reactName = REACT_NAMES[name] ?? name;
    props[reactName] = BOOLEAN_ATTRIBUTES.has(name) ? true : value;
  }
  if (tag.tag === "script" || tag.tag === "style") props.nonce = nonce;
  if (tag.html) props.dangerouslySetInnerHTML = { __html: tag.html };
  // The browser hides nonces after parsing, so the client's render differs there.
  props.suppressHydrationWarning = true;
  return props;
}

/** The trackers' and the admin's head elements, each script with the CSP nonce. */
export function TrackerHead({ trackers, nonce }: { trackers: PageTrackers | null; nonce: string }) {
  if (!trackers) return null;
  return <>{trackers.head.map((tag, i) => createElement(tag.tag, propsOf(tag, nonce, i)))}</>;
}

/** The noscript fallbacks and the admin's body scripts, at the end of <body>. */
export function TrackerBody({ trackers, nonce }: { trackers: PageTrackers | null; nonce: string }) {
  if (!trackers?.bodyHtml) return null;
  return (
    <div
      data-site-scripts=""
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: withNonce(trackers.bodyHtml, nonce) }}
    />
  );
}
