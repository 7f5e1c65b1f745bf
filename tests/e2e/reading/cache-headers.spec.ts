import { expect, test } from "../fixtures";

const PUBLIC = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

test("anonymous reader pages are publicly cacheable; a member's are private; 404s are not cached", async ({
  request,
}) => {
  for (const path of ["/", "/categories", "/categories/guides", "/search?q=visa", "/about"]) {
    const response = await request.get(path);
    expect(response.headers()["cache-control"], path).toBe(PUBLIC);
  }
  const post = await request.get("/post/set-up-a-uk-limited-company-from-india-step-by-step");
  expect(post.headers()["cache-control"]).toBe(PUBLIC);
  const member = await request.get("/", {
    headers: { cookie: "better-auth.session_token=not-a-real-session" },
  });
  expect(member.headers()["cache-control"]).toBe("private, no-store");
  const missing = await request.get("/post/no-such-post");
  expect(missing.status()).toBe(404);
  expect(missing.headers()["cache-control"] ?? "").not.toContain("public");
});
