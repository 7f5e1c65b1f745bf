/**
 * The tracking scripts of docs/product/privacy.md#tracking-scripts (Google Analytics, Meta Pixel, Google Tag
 * Manager, the admin's custom head and body scripts) and the hosts the CSP
 * must then allow. They are written into a page only when the site's scripts
 * are enabled, the tracker's own toggle is on, and the visitor's consent is
 * granted or not required (docs/product/administration.md; the consent feature decides that).
 */
import { parseDocument, DomUtils, ElementType } from "htmlparser2";
import { GA_ID, GTM_ID, PIXEL_ID } from "./settings-schema";
import type { HeadTag, PageTrackers } from "./trackers";

export type TrackerSettings = {
  scriptsEnabled: boolean;
  googleAnalyticsId: string | null;
  googleAnalyticsEnabled: boolean;
  metaPixelId: string | null;
  metaPixelEnabled: boolean;
  googleTagManagerId: string | null;
  googleTagManagerEnabled: boolean;
  customHeadScripts: string | null;
  customBodyScripts: string | null;
};

/** The trackers switched on (with a well-formed id), whatever the visitor's consent. */
export function activeTrackers(s: TrackerSettings) {
  const on = (enabled: boolean, id: string | null, pattern: RegExp) =>
    s.scriptsEnabled && enabled && id && pattern.test(id) ? id : null;
  return {
    googleAnalytics: on(s.googleAnalyticsEnabled, s.googleAnalyticsId, GA_ID),
    metaPixel: on(s.metaPixelEnabled, s.metaPixelId, PIXEL_ID),
    tagManager: on(s.googleTagManagerEnabled, s.googleTagManagerId, GTM_ID),
    customHead: s.scriptsEnabled ? s.customHeadScripts?.trim() || null : null,
    customBody: s.scriptsEnabled ? s.customBodyScripts?.trim() || null : null,
  };
}

export const TRACKER_HOSTS = {
  googleTagManager: "https://www.googletagmanager.com",
  googleAnalytics: ["https://*.google-analytics.com", "https://*.analytics.google.com"],
  facebookScript: "https://connect.facebook.net",
  facebook: "https://www.facebook.com",
} as const;

/** Sources the CSP adds for the trackers switched on (none when scripts are off). */
export type TrackerCsp = { script: string[]; connect: string[]; frame: string[] };

export function trackerCsp(s: TrackerSettings): TrackerCsp {
  const t = activeTrackers(s);
  const script = new Set<string>();
  const connect = new Set<string>();
  const frame = new Set<string>();
  if (t.googleAnalytics || t.tagManager) {
    script.add(TRACKER_HOSTS.googleTagManager);
    connect.add(TRACKER_HOSTS.googleTagManager);
    for (const host of TRACKER_HOSTS.googleAnalytics) connect.add(host);
  }
  if (t.tagManager) frame.add(TRACKER_HOSTS.googleTagManager);
  if (t.metaPixel) {
    script.add(TRACKER_HOSTS.facebookScript);
    connect.add(TRACKER_HOSTS.facebookScript);
    connect.add(TRACKER_HOSTS.facebook);
  }
  // The admin's own scripts may talk to any https host (they are trusted; docs/decisions).
  if (t.customHead || t.customBody) connect.add("https:");
  return { script: [...script], connect: [...connect], frame: [...frame] };
}

const HEAD_ELEMENTS = new Set(["script", "noscript", "meta", "link", "style"]);

let parsedHead: { source: string; tags: HeadTag[] } | undefined;

/** The admin's head HTML as elements (only those a <head> may hold; the rest is dropped). */
export function parseHeadHtml(html: string): HeadTag[] {
  if (parsedHead?.source === html) return parsedHead.tags;
  const tags: HeadTag[] = [];
  for (const node of parseDocument(html).children) {
    const { Script, Style, Tag } = ElementType;
    if (node.type !== Script && node.type !== Style && node.type !== Tag) continue;
    const element = node;
    const name = element.name.toLowerCase();
    if (!HEAD_ELEMENTS.has(name)) continue;
    const inner = DomUtils.getInnerHTML(element, { decodeEntities: false });
    tags.push({
      tag: name as HeadTag["tag"],
      attrs: { ...element.attribs },
      ...(inner ? { html: inner } : {}),
    });
  }
  parsedHead = { source: html, tags };
  return tags;
}

/** Scripts from settings are written into <script> bodies: keep "</script>" out of them. */
const js = (value: string) => JSON.stringify(value).replace(/</g, "\\u003c");

function googleAnalytics(id: string): HeadTag[] {
  return [
    {
      tag: "script",
      attrs: {
        async: "",
        src: `${TRACKER_HOSTS.googleTagManager}/gtag/js?id=${encodeURIComponent(id)}`,
      },
    },
    {
      tag: "script",
      attrs: {},
      html: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config',${js(id)});`,
    },
  ];
}

function metaPixel(id: string): HeadTag {
  return {
    tag: "script",
    attrs: {},
    html: `!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','${TRACKER_HOSTS.facebookScript}/en_US/fbevents.js');fbq('init',${js(id)});fbq('track','PageView');`,
  };
}

function tagManager(id: string): HeadTag {
  return {
    tag: "script",
    attrs: {},
    // The loader script inherits the nonce, so that GTM can pass it on to its tags.
    html: `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='${TRACKER_HOSTS.googleTagManager}/gtm.js?id='+i+dl;var n=d.querySelector('script[nonce]');n&&j.setAttribute('nonce',n.nonce||n.getAttribute('nonce'));f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer',${js(id)});`,
  };
}

/**
 * What this page writes for tracking: null when nothing may load (scripts
 * off, nothing switched on, or the visitor's consent is needed and not given).
 */
export function pageTrackers(s: TrackerSettings, trackingAllowed: boolean): PageTrackers | null {
  if (!trackingAllowed) return null;
  const t = activeTrackers(s);
  const head: HeadTag[] = [];
  const body: string[] = [];
  if (t.googleAnalytics) head.push(...googleAnalytics(t.googleAnalytics));
  if (t.metaPixel) {
    head.push(metaPixel(t.metaPixel));
    body.push(
      `<noscript><img height="1" width="1" alt="" style="display:none" src="${TRACKER_HOSTS.facebook}/tr?id=${t.metaPixel}&amp;ev=PageView&amp;noscript=1"></noscript>`,
    );
  }
  if (t.tagManager) {
    head.push(tagManager(t.tagManager));
    body.push(
      `<noscript><iframe title="Google Tag Manager" src="${TRACKER_HOSTS.googleTagManager}/ns.html?id=${t.tagManager}" height="0" width="0" style="display:none;visibility:hidden"></iframe></noscript>`,
    );
  }
  if (t.customHead) head.push(...parseHeadHtml(t.customHead));
  if (t.customBody) body.push(t.customBody);
  if (head.length === 0 && body.length === 0) return null;
  return { head, bodyHtml: body.length ? body.join("\n") : null };
}
