import { expect, test, waitForHydration } from "../fixtures";

const GUIDE = "set-up-a-uk-limited-company-from-india-step-by-step";

test("a post from the page cache (brotli, scripts allowed by hash) runs in the browser and counts its view", async ({
  page,
  request,
}) => {
  const path = `/post/${GUIDE}`;
  // Make sure the page is cached.
  await request.get(path);
  const views: number[] = [];
  page.on("response", (response) => {
    if (/\/api\/posts\/[0-9a-f-]+\/view$/.test(new URL(response.url()).pathname)) {
      views.push(response.status());
    }
  });
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  const headers = await response!.allHeaders();
  expect(headers["x-page-cache"]).toBe("hit");
  // Kept compressed once; the browser asks for brotli (decision 0105).
  expect(headers["content-encoding"]).toBe("br");
  // No nonce is reused: the policy allows the page's inline scripts by hash, its files by 'self'.
  expect(headers["content-security-policy"]).not.toContain("'nonce-");
  expect(headers["content-security-policy"]).toContain("'sha256-");
  // React hydrates (a CSP violation would fail the test).
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Each post shown registers a view through the beacon.
  await expect.poll(() => views).toEqual([204]);
});
