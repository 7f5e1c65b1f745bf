import { describe, expect, it } from "vitest";
import { activeTrackers, pageTrackers, parseHeadHtml, trackerCsp } from "./trackers.server";
import { withNonce } from "./trackers";

const OFF = {
  scriptsEnabled: true,
  googleAnalyticsId: "G-TEST12345",
  googleAnalyticsEnabled: false,
  metaPixelId: "1234567890123456",
  metaPixelEnabled: false,
  googleTagManagerId: "GTM-ABC1234",
  googleTagManagerEnabled: false,
  customHeadScripts: null,
  customBodyScripts: null,
};
const ALL = {
  ...OFF,
  googleAnalyticsEnabled: true,
  metaPixelEnabled: true,
  googleTagManagerEnabled: true,
  customHeadScripts:
    '<script>window.head=1</script>\n<meta name="x" content="y"><div>dropped</div>',
  customBodyScripts: '<script src="https://widget.example/w.js"></script>',
};

describe("tracking scripts in the page", () => {
  it("are left out when consent is missing, scripts are off, or nothing is switched on", () => {
    expect(pageTrackers(ALL, false)).toBeNull();
    expect(pageTrackers({ ...ALL, scriptsEnabled: false }, true)).toBeNull();
    expect(pageTrackers(OFF, true)).toBeNull();
  });

  it("each tracker only with its own toggle and a well-formed id", () => {
    const ga = pageTrackers({ ...OFF, googleAnalyticsEnabled: true }, true)!;
    expect(ga.head[0]).toEqual({
      tag: "script",
      attrs: { async: "", src: "https://www.googletagmanager.com/gtag/js?id=G-TEST12345" },
    });
    expect(ga.head[1]!.html).toContain(`gtag('config',"G-TEST12345")`);
    expect(ga.bodyHtml).toBeNull();
    expect(
      pageTrackers({ ...OFF, googleAnalyticsEnabled: true, googleAnalyticsId: "G-1');x('" }, true),
    ).toBeNull();
    expect(activeTrackers({ ...OFF, metaPixelEnabled: true }).metaPixel).toBe("1234567890123456");
    expect(activeTrackers({ ...OFF, metaPixelEnabled: true }).googleAnalytics).toBeNull();
  });

  it("writes the Pixel, GTM and the admin's scripts, with their noscript fallbacks", () => {
    const all = pageTrackers(ALL, true)!;
    const inline = all.head.map((t) => t.html ?? "").join("\n");
    expect(inline).toContain("https://connect.facebook.net/en_US/fbevents.js");
    expect(inline).toContain(`fbq('init',"1234567890123456")`);
    expect(inline).toContain("https://www.googletagmanager.com/gtm.js?id=");
    expect(inline).toContain(`'dataLayer',"GTM-ABC1234"`);
    expect(inline).toContain("window.head=1");
    expect(all.head).toContainEqual({ tag: "meta", attrs: { name: "x", content: "y" } });
    expect(inline).not.toContain("dropped");
    expect(all.bodyHtml).toContain("https://www.facebook.com/tr?id=1234567890123456");
    expect(all.bodyHtml).toContain("https://www.googletagmanager.com/ns.html?id=GTM-ABC1234");
    expect(all.bodyHtml).toContain('<script src="https://widget.example/w.js"></script>');
  });

  it("gives every script of the admin's HTML the response's nonce", () => {
    expect(withNonce('<script>a()</script><SCRIPT src="x"></SCRIPT>', "n0nce")).toBe(
      '<script nonce="n0nce">a()</script><script nonce="n0nce" src="x"></SCRIPT>',
    );
    expect(withNonce('<script nonce="kept">a()</script>', "n0nce")).toBe(
      '<script nonce="kept">a()</script>',
    );
    expect(parseHeadHtml('<script async src="https://a.example/t.js"></script>')).toEqual([
      { tag: "script", attrs: { async: "", src: "https://a.example/t.js" } },
    ]);
  });
});

describe("the CSP for trackers", () => {
  it("allows the trackers' hosts only while they are switched on", () => {
    expect(trackerCsp(OFF)).toEqual({ script: [], connect: [], frame: [] });
    expect(trackerCsp({ ...ALL, scriptsEnabled: false })).toEqual({
      script: [],
      connect: [],
      frame: [],
    });
    const ga = trackerCsp({ ...OFF, googleAnalyticsEnabled: true });
    expect(ga.script).toEqual(["https://www.googletagmanager.com"]);
    expect(ga.connect).toContain("https://*.google-analytics.com");
    expect(ga.connect).not.toContain("https://www.facebook.com");
    expect(ga.frame).toEqual([]);
    const pixel = trackerCsp({ ...OFF, metaPixelEnabled: true });
    expect(pixel.script).toEqual(["https://connect.facebook.net"]);
    expect(pixel.connect).toContain("https://www.facebook.com");
    expect(trackerCsp({ ...OFF, googleTagManagerEnabled: true }).frame).toEqual([
      "https://www.googletagmanager.com",
    ]);
    expect(trackerCsp({ ...OFF, customBodyScripts: "<script>x</script>" }).connect).toEqual([
      "https:",
    ]);
  });
});
