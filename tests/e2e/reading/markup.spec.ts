/**
 * Valid markup (docs/decisions/0094): every public page, as the server sends it,
 * through the Nu HTML Checker (vnu.jar from the vnu-jar package; Java from
 * the machine, .ci/run installs Debian's default-jre-headless when missing):
 * 0 errors. One checker run for all pages (the JVM's start is most of it).
 *
 * CSS messages are left out: the checker's CSS grammar predates what the
 * stylesheet uses and every supported browser reads (@property, @layer,
 * oklch(), margin-trim from Tailwind 4), so it reports errors that are not.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "../fixtures";

const run = promisify(execFile);
const VNU = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");

const PAGES = [
  "/",
  "/?category=guides",
  "/categories",
  "/categories/guides",
  // Upcoming then past events; an event with its calendar links, a video and its captions track.
  "/categories/events",
  "/post/bengaluru-office-hours-with-our-mentors",
  // A post with comments (each with its like count) and a sidebar.
  "/post/pricing-your-saas-for-uk-customers",
  "/guides/set-up-a-uk-limited-company-from-india-step-by-step",
  "/search?q=uk",
  "/search?q=zzzzqqq",
  "/user/priya_sharma",
  "/login",
  "/signup",
  "/forgot-password",
  "/resend-verification",
  "/reset-password",
  "/health",
  "/about",
  "/partner-with-us",
  "/cookie-policy",
  "/404",
  "/no-such-page",
];

type VnuMessage = {
  type: string;
  subType?: string;
  message: string;
  url: string;
  extract?: string;
};

test("every public page has 0 errors in the Nu HTML Checker", async ({ request }) => {
  test.setTimeout(180_000);
  const java = await run("java", ["-version"]).catch(() => null);
  expect(
    java,
    "Java is needed for the Nu HTML Checker (apt-get install default-jre-headless)",
  ).not.toBeNull();
  const dir = await mkdtemp(path.join(tmpdir(), "fb-vnu-"));
  try {
    const files: Record<string, string> = {};
    for (const [i, page] of PAGES.entries()) {
      const response = await request.get(page);
      expect([200, 400, 404], page).toContain(response.status());
      const file = path.join(dir, `page-${i}.html`);
      await writeFile(file, await response.text());
      files[`file:${file}`] = page;
    }
    // Errors only, as JSON on stderr; the exit status is 1 when there are any.
    const result = await run(
      "java",
      ["-jar", VNU, "--errors-only", "--format", "json", "--filterpattern", ".*CSS: .*", dir],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? "" }));
    const { messages } = JSON.parse(result.stderr || '{"messages":[]}') as {
      messages: VnuMessage[];
    };
    const errors = messages
      .filter((m) => m.type === "error" || m.subType === "fatal")
      .map((m) => `${files[m.url] ?? m.url}: ${m.message} ${m.extract ?? ""}`.trim());
    expect(errors).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
