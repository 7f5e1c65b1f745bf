import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";

// The "reading" project's server has the demo content loaded.

type ImageFacts = {
  src: string;
  currentSrc: string;
  width: string | null;
  height: string | null;
  loading: string | null;
  fetchPriority: string | null;
  srcset: string | null;
  isHero: boolean;
};

async function imagesOf(page: Page): Promise<ImageFacts[]> {
  return page.locator("img").evaluateAll((images) =>
    (images as HTMLImageElement[]).map((img) => ({
      src: img.getAttribute("src") ?? "",
      currentSrc: img.currentSrc,
      width: img.getAttribute("width"),
      height: img.getAttribute("height"),
      loading: img.getAttribute("loading"),
      fetchPriority: img.getAttribute("fetchpriority"),
      srcset: img.getAttribute("srcset"),
      isHero: img === document.querySelector("main article img"),
    })),
  );
}

test("home: every image has width and height, the hero loads at once, the rest lazily, from srcset", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const images = await imagesOf(page);
  expect(images.length).toBeGreaterThan(5);
  for (const image of images) {
    expect(Number(image.width), image.src).toBeGreaterThan(0);
    expect(Number(image.height), image.src).toBeGreaterThan(0);
  }
  const hero = images.filter((i) => i.isHero);
  expect(hero).toHaveLength(1);
  expect(hero[0]).toMatchObject({ loading: "eager", fetchPriority: "high" });
  for (const image of images.filter((i) => !i.isHero)) {
    expect(image.loading, image.src).toBe("lazy");
    expect(image.fetchPriority, image.src).toBeNull();
  }
  // Demo images are sized WebP with smaller copies: the phone fetches one of those, not 1200 px.
  expect(hero[0]!.srcset).toMatch(/\.640w\.webp 640w/);
  await expect
    .poll(() =>
      page
        .locator("main article img")
        .first()
        .evaluate((i: HTMLImageElement) => i.currentSrc),
    )
    .toMatch(/\.1200x630\.(640|960)w\.webp$/);
  // The preload React puts in the head asks for the same copy, so it is fetched once.
  await expect(page.locator('head link[rel="preload"][as="image"]')).toHaveAttribute(
    "imagesrcset",
    hero[0]!.srcset!,
  );
});

test("a post page's hero image is not lazy and offers its copies", async ({ page }) => {
  await page.goto("/");
  const href = await page.locator("main article h2 a").first().getAttribute("href");
  await page.goto(href!);
  const hero = page.locator("main article img[fetchpriority]").first();
  await expect(hero).toHaveAttribute("loading", "eager");
  await expect(hero).toHaveAttribute("fetchpriority", "high");
  await expect(hero).toHaveAttribute("width", "1200");
  await expect(hero).toHaveAttribute("height", "630");
  await expect(hero).toHaveAttribute("srcset", /\.960w\.webp 960w/);
});
