import { expect, test as base } from "./fixtures";
import { OwnServer } from "./support/own-server";

/**
 * Security suite (docs/decisions/0053): XSS payloads through every HTML path,
 * rendered in Chromium with the page's CSP switched off (bypassCSP), so that
 * only escaping and the sanitiser stand between a payload and the page.
 * The payloads are written straight into the database (as an old row, an
 * import or a bug in a write path would leave them): post titles, excerpts
 * and bodies, comments, a member's name and bio, a category's name and
 * description, the site settings' banner, cookie bar and cookie policy, and
 * the search query. Each payload calls xss(n) if it ever runs: 0 executions,
 * and no event-handler attribute or javascript: link survives in the page.
 */
const PAYLOADS = [
  "<script>xss(1)</script>",
  "<img src=x onerror=xss(2)>",
  "<svg onload=xss(3)>",
  '<a href="javascript:xss(4)">link4</a>',
  '<iframe srcdoc="<script>parent.xss(5)</script>"></iframe>',
  "<details open ontoggle=xss(6)>",
  '"><script>xss(7)</script>',
  "'-xss(8)-'",
  "<math><mtext><table><mglyph><style><img src=x onerror=xss(9)>",
  "<body onload=xss(10)>",
  "<input autofocus onfocus=xss(11)>",
  "<video><source onerror=xss(12)></video>",
  '<object data="javascript:xss(13)"></object>',
  '<embed src="javascript:xss(14)">',
  "<form><button formaction=javascript:xss(15)>go</button></form>",
  '<meta http-equiv="refresh" content="0;url=javascript:xss(16)">',
  "<IMG SRC=JaVaScRiPt:xss(17)>",
  '<div style="background:url(javascript:xss(18))">d</div>',
  '<a href="&#106;avascript:xss(19)">link19</a>',
  '<noscript><p title="</noscript><img src=x onerror=xss(20)>"></noscript>',
  "<svg><script>xss(21)</script></svg>",
  "<select autofocus onfocus=xss(22)></select>",
  "<marquee onstart=xss(23)>m</marquee>",
  "<x onclick=xss(24) style=display:block>x</x>",
  "<img src=x:x onerror=xss(25)//",
  "<scr<script>ipt>xss(26)</script>",
  "</script><script>xss(27)</script>",
  "{{constructor.constructor('xss(28)')()}}",
  '<a id=x tabindex=1 onfocus=xss(29) autofocus href="#">a</a>',
  '<iframe src="javascript:xss(30)"></iframe>',
  '<base href="javascript:xss(31)//">',
  "<svg><animate onbegin=xss(32) attributeName=x dur=1s>",
  '<img srcset=",x onerror=xss(33)">',
  '<a href="data:text/html,<script>xss(34)</script>">link34</a>',
  "<style>*{background:url('javascript:xss(35)')}</style>",
  "\u2028\u2029<script>xss(36)</script>",
  '<img src="/x" onerror="xss(37)"/>',
  '<table background="javascript:xss(38)"><tr><td>t</td></tr></table>',
  '<div class="fixed inset-0" onmouseover="xss(39)">cover</div>',
  "<p>${xss(40)}</p>",
];

const MENTOR = { id: "xss-mentor", username: "xss_mentor", email: "xss.mentor@example.com" };
const CATEGORY = { id: "00000000-0000-4000-8000-0000000000aa", slug: "xss-category" };

type Site = { server: OwnServer };
const test = base.extend<Record<never, never>, { site: Site }>({
  site: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the object pattern
    async ({}, provide) => {
      const server = await OwnServer.start();
      try {
        await server.offline(async (db) => {
          const all = PAYLOADS.join(" ");
          await db.query(
            `INSERT INTO users (id, name, email, email_verified, username, display_username)
                 VALUES ($1, $2, $3, true, $4, $4)`,
            [MENTOR.id, PAYLOADS[1], MENTOR.email, MENTOR.username],
          );
          await db.query(
            `INSERT INTO profiles (id, email, username, full_name, bio, role, status, profile_completed)
                 VALUES ($1, $2, $3, $4, $5, 'mentor', 'approved', true)`,
            [MENTOR.id, MENTOR.email, MENTOR.username, PAYLOADS[6], PAYLOADS.slice(0, 8).join(" ")],
          );
          await db.query(
            `INSERT INTO categories (id, name, slug, description) VALUES ($1, $2, $3, $4)`,
            [CATEGORY.id, PAYLOADS[1], CATEGORY.slug, all],
          );
          for (const [i, payload] of PAYLOADS.entries()) {
            await db.query(
              `INSERT INTO posts (title, slug, content, excerpt, author_id, category_id, status, published_at)
                   VALUES ($1, $2, $3, $4, $5, $6, 'published', now() - ($7 || ' minutes')::interval)`,
              [`Post ${i + 1} ${payload}`, `xss-${i + 1}`, all, payload, MENTOR.id, CATEGORY.id, i],
            );
          }
          const [first] = (
            await db.query<{ id: string }>("SELECT id FROM posts WHERE slug = 'xss-1'")
          ).rows;
          for (const payload of PAYLOADS) {
            await db.query(
              "INSERT INTO comments (post_id, author_id, content) VALUES ($1, $2, $3)",
              [first!.id, MENTOR.id, `c ${payload}`],
            );
          }
          await db.query(
            `UPDATE site_settings SET header_banner_text = $1, cookie_banner_message = $2,
                 cookie_policy_content = $3`,
            [PAYLOADS[0], PAYLOADS[1], all],
          );
        });
      } catch (error) {
        await server.dispose();
        throw error;
      }
      await provide({ server });
      await server.dispose();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ site }, provide) => provide(site.server.url),
});

test.use({ bypassCSP: true });
test.describe.configure({ timeout: 90_000 });

test("no XSS payload runs on any page that shows what members and admins wrote", async ({
  page,
}) => {
  const executions: number[] = [];
  await page.exposeFunction("xss", (n: number) => executions.push(n));
  page.on("dialog", (dialog) => {
    executions.push(-1);
    void dialog.dismiss();
  });
  const paths = [
    "/",
    "/categories",
    `/categories/${CATEGORY.slug}`,
    `/user/${MENTOR.username}`,
    "/cookie-policy",
    "/search?q=post",
    ...PAYLOADS.map((_, i) => `/post/xss-${i + 1}`),
    ...PAYLOADS.map((p) => `/search?q=${encodeURIComponent(p)}`),
  ];
  const leftovers: string[] = [];
  for (const path of paths) {
    const response = await page.goto(path, { waitUntil: "load" });
    expect({ path, status: response?.status() }).toEqual({ path, status: 200 });
    // Give autofocus, animations and lazy images their chance.
    await page.waitForTimeout(50);
    const dangerous = await page.evaluate(() => {
      const found: string[] = [];
      for (const el of document.querySelectorAll("body *")) {
        for (const attr of el.getAttributeNames()) {
          const value = el.getAttribute(attr) ?? "";
          if (/^on/i.test(attr)) found.push(`${el.tagName} ${attr}`);
          if (
            /^(href|src|action|formaction|data|background|srcdoc)$/i.test(attr) &&
            /^\s*(javascript|data:text\/html)/i.test(value)
          )
            found.push(`${el.tagName} ${attr}=${value.slice(0, 30)}`);
        }
        if (
          /^(fixed|absolute)$/.test(getComputedStyle(el).position) &&
          el.closest("article .prose")
        )
          found.push(`${el.tagName} positioned in a post body`);
      }
      // The router's data scripts carry the payloads as JSON: escaped, never as markup.
      for (const script of document.querySelectorAll("script")) {
        if (/<\/?script|<img|<svg/i.test(script.textContent ?? ""))
          found.push("a script with unescaped markup");
      }
      return found;
    });
    for (const d of dangerous) leftovers.push(`${path}: ${d}`);
  }
  console.log(
    `security/xss: ${PAYLOADS.length} payloads, ${paths.length} pages rendered in Chromium, ${executions.length} executions, ${leftovers.length} dangerous attributes left`,
  );
  expect(executions).toEqual([]);
  expect(leftovers).toEqual([]);
});
