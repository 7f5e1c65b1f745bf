import { describe, expect, it } from "vitest";
import { htmlToText, sanitizePostHtml, withUtmSource } from "./sanitize.server";

describe("sanitizePostHtml", () => {
  it("removes script elements with their content", () => {
    const out = sanitizePostHtml('<p>Hi</p><script>alert("x")</script><style>p{}</style>');
    expect(out).toBe("<p>Hi</p>");
  });

  it("removes on* event handlers", () => {
    const out = sanitizePostHtml(
      '<p onclick="steal()">a</p><img src="https://x.test/a.png" onerror="boom()" alt="a">',
    );
    expect(out).not.toMatch(/onclick|onerror|steal|boom/);
    expect(out).toContain(
      '<img src="https://x.test/a.png" alt="a" loading="lazy" decoding="async" />',
    );
  });

  it("removes javascript:, data: and vbscript: URLs, in any case or with entities", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "&#106;avascript:alert(1)",
      " javascript:alert(1)",
      "vbscript:x",
      "data:text/html;base64,PHNjcmlwdD4=",
    ]) {
      const out = sanitizePostHtml(`<a href="${href}">x</a>`);
      expect(out, href).toBe("<a>x</a>");
    }
    expect(sanitizePostHtml('<img src="javascript:alert(1)" alt="">')).not.toContain("javascript");
  });

  it("removes data-* and other non-whitelisted attributes", () => {
    const out = sanitizePostHtml(
      '<p data-id="7" data-youtube-video="" aria-hidden="true" lang="fr" class="lead" id="intro">x</p>',
    );
    expect(out).toBe('<p id="user-content-intro">x</p>');
  });

  it("keeps only the editor's classes, so no body can use the site's layout classes (docs/milestones.md#issue-13-security)", () => {
    const cover =
      '<div class="fixed inset-0 z-50 bg-white">Session expired. <a href="https://evil.example/login">Sign in again</a></div>';
    expect(sanitizePostHtml(cover)).toBe(
      '<div>Session expired. <a href="https://evil.example/login">Sign in again</a></div>',
    );
    for (const html of [
      '<p class="sr-only">x</p>',
      '<span class="absolute top-0">x</span>',
      '<img src="/uploads/a.webp" alt="" class="fixed inset-0" />',
      '<code class="language-js fixed">x</code>',
    ]) {
      expect(sanitizePostHtml(html), html).not.toMatch(
        /class="[^"]*(fixed|absolute|sr-only|inset)/,
      );
    }
    expect(sanitizePostHtml('<pre><code class="language-typescript">let a</code></pre>')).toBe(
      '<pre><code class="language-typescript">let a</code></pre>',
    );
    // Pulling the body over the page with negative margins is gone too.
    expect(sanitizePostHtml('<div style="margin:-500px 0 0 0">x</div>')).toBe("<div>x</div>");
  });

  it("prefixes ids once, and the body's own links to them", () => {
    const html = '<h2 id="setup">Set up</h2><a href="#setup">back</a><p id="1bad">x</p>';
    const once = sanitizePostHtml(html);
    expect(once).toBe(
      '<h2 id="user-content-setup">Set up</h2><a href="#user-content-setup">back</a><p>x</p>',
    );
    // Bodies are sanitised on write and again on render.
    expect(sanitizePostHtml(once)).toBe(once);
    expect(sanitizePostHtml('<div id="main">x</div>')).toBe('<div id="user-content-main">x</div>');
  });

  it("keeps the allowed tags and attributes", () => {
    const html = [
      "<h2>Heading</h2>",
      "<h3>Sub</h3>",
      "<p>Text <strong>bold</strong> <em>it</em> <u>u</u> <s>s</s> <code>c</code> <mark>m</mark></p>",
      "<ul><li>one</li></ul><ol><li>two</li></ol>",
      "<blockquote><p>quote</p></blockquote>",
      "<pre><code>x = 1</code></pre>",
      "<hr />",
      '<a href="https://example.com/a" title="t" target="_blank" rel="noopener noreferrer">link</a>',
      '<a href="/post/x">local</a>',
      '<img src="/uploads/a.webp" alt="A" title="T" width="600" height="400" loading="lazy" decoding="async" />',
      '<table><caption>c</caption><thead><tr><th>h</th></tr></thead><tbody><tr><td colspan="2">d</td></tr></tbody></table>',
      "<figure><figcaption>cap</figcaption></figure>",
      '<iframe src="https://www.youtube.com/embed/abc" width="560" height="315" title="Video"></iframe>',
    ].join("");
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it("gives body images lazy loading, and the site's sized uploads their copies and size", () => {
    const copies = [96, 160, 320, 640]
      .map((w) => `/uploads/posts/u/1.800x600.${w}w.webp ${w}w`)
      .concat("/uploads/posts/u/1.800x600.webp 800w")
      .join(", ");
    expect(sanitizePostHtml('<img src="/uploads/posts/u/1.800x600.webp" alt="Chart">')).toBe(
      `<img src="/uploads/posts/u/1.800x600.webp" alt="Chart" loading="lazy" decoding="async" srcset="${copies}" sizes="(min-width: 1024px) 760px, calc(100vw - 32px)" width="800" height="600" />`,
    );
    // The author's own size stays.
    expect(
      sanitizePostHtml('<img src="/uploads/posts/u/1.800x600.webp" alt="" width="400">'),
    ).toMatch(/^<img src="[^"]+" alt="" width="400" loading="lazy" decoding="async" srcset="/);
    // Attributes from the input never survive: no srcset smuggled past the scheme checks.
    const smuggled = sanitizePostHtml(
      '<img src="https://x.test/a.png" srcset="javascript:alert(1) 1x" sizes="1px" loading="eager" decoding="sync" alt="">',
    );
    expect(smuggled).toBe(
      '<img src="https://x.test/a.png" alt="" loading="lazy" decoding="async" />',
    );
    // A sized name behind a scheme that is not allowed gives nothing.
    expect(sanitizePostHtml('<img src="javascript:x.1x1.webp" alt="">')).toBe(
      '<img alt="" loading="lazy" decoding="async" />',
    );
  });

  it("allows iframes only from the embed hosts, over https", () => {
    expect(sanitizePostHtml('<iframe src="https://player.vimeo.com/video/1"></iframe>')).toContain(
      "player.vimeo.com",
    );
    expect(sanitizePostHtml('<iframe src="https://evil.example/embed"></iframe>')).toBe(
      "<iframe></iframe>",
    );
    expect(
      sanitizePostHtml('<iframe src="http://www.youtube.com/embed/abc"></iframe>'),
    ).not.toContain("youtube");
    expect(
      sanitizePostHtml('<iframe src="https://www.youtube.com.evil.example/x"></iframe>'),
    ).not.toContain("evil");
    expect(sanitizePostHtml('<iframe srcdoc="<script>x</script>"></iframe>')).toBe(
      "<iframe></iframe>",
    );
  });

  it("keeps only allow-listed style properties and values", () => {
    const out = sanitizePostHtml(
      '<p style="color: #ff0000; text-align: center; position: fixed; background-image: url(javascript:x); width: expression(alert(1))">x</p>',
    );
    expect(out).toBe('<p style="color:#ff0000;text-align:center">x</p>');
  });

  it("drops forms, objects, embeds, svg, base and meta", () => {
    const out = sanitizePostHtml(
      '<form action="/x"><input name="a"><button>b</button></form><object data="x"></object><embed src="x"><svg><a href="x">s</a></svg><base href="https://evil"><meta http-equiv="refresh" content="0">ok',
    );
    expect(out).not.toMatch(/<(form|input|button|object|embed|svg|base|meta)/);
    expect(out).toContain("ok");
  });

  it("forces rel=noopener on links opening a new tab and drops other targets", () => {
    expect(sanitizePostHtml('<a href="https://x.test" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizePostHtml('<a href="https://x.test" target="top">x</a>')).toBe(
      '<a href="https://x.test">x</a>',
    );
  });

  it("adds utm_source to outbound links only", () => {
    const out = sanitizePostHtml(
      '<a href="https://gov.uk/visa?x=1">a</a><a href="https://site.test/post/a">b</a><a href="/c">c</a><a href="mailto:a@b.c">d</a>',
      { utmSource: "FounderBridge", siteOrigin: "https://site.test" },
    );
    expect(out).toBe(
      '<a href="https://gov.uk/visa?x=1&amp;utm_source=FounderBridge">a</a><a href="https://site.test/post/a">b</a><a href="/c">c</a><a href="mailto:a@b.c">d</a>',
    );
  });

  it("returns an empty string for empty input", () => {
    expect(sanitizePostHtml(null)).toBe("");
    expect(sanitizePostHtml("")).toBe("");
  });
});

describe("withUtmSource", () => {
  it("keeps an existing utm_source and ignores non-http URLs", () => {
    expect(withUtmSource("https://a.test/?utm_source=x", "FB")).toBe(
      "https://a.test/?utm_source=x",
    );
    expect(withUtmSource("not a url", "FB")).toBe("not a url");
    expect(withUtmSource("ftp://a.test/", "FB")).toBe("ftp://a.test/");
    expect(withUtmSource("https://a.test/p", "Founder Bridge")).toBe(
      "https://a.test/p?utm_source=Founder+Bridge",
    );
  });
});

describe("htmlToText", () => {
  it("gives the text with block boundaries as spaces and no script content", () => {
    expect(htmlToText("<h2>A</h2><p>b &amp; c</p><script>x()</script><p>d<br>e</p>")).toBe(
      "A b & c d e",
    );
  });
});
