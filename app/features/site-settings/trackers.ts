/**
 * What the document shell writes for the tracking scripts (isomorphic: the
 * root loader sends it, the Layout renders it on the server and hydrates it
 * on the client).
 */
export type HeadTag = {
  tag: "script" | "noscript" | "meta" | "link" | "style";
  attrs: Record<string, string>;
  /** Inline content (scripts, styles, noscript), written as it is. */
  html?: string;
};

export type PageTrackers = {
  /** Elements for <head>: the trackers' snippets, then the admin's head scripts. */
  head: HeadTag[];
  /** Raw HTML at the end of <body>: the trackers' noscript fallbacks and the admin's body scripts. */
  bodyHtml: string | null;
};

/** Every inline and external <script> in admin HTML gets this response's CSP nonce. */
export function withNonce(html: string, nonce: string): string {
  if (!nonce) return html;
  return html.replace(/<script\b(?![^>]*\bnonce=)/gi, `<script nonce="${nonce}"`);
}
