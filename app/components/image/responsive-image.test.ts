import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ResponsiveImage, type ResponsiveImageProps } from "./responsive-image";
import {
  parseSizedImage,
  RESPONSIVE_WIDTHS,
  sizedImageKey,
  srcSetOf,
  variantOf,
  variantWidths,
} from "#server/storage/image-variants";

const render = (props: ResponsiveImageProps) =>
  renderToStaticMarkup(createElement(ResponsiveImage, props));

/** The attributes of the one <img> rendered. */
function attributesOf(props: ResponsiveImageProps): Record<string, string> {
  const images = render(props).match(/<img [^>]*\/>/g);
  expect(images).toHaveLength(1);
  return Object.fromEntries(
    [...images![0].matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]!]),
  );
}

describe("responsive image names", () => {
  it("names the image by its size and each copy by its width", () => {
    expect(sizedImageKey("posts/u1/1767-ab", 1600, 900)).toBe("posts/u1/1767-ab.1600x900.webp");
    expect(variantOf("posts/u1/1767-ab.1600x900.webp", 640)).toBe(
      "posts/u1/1767-ab.1600x900.640w.webp",
    );
    expect(variantOf("/uploads/a.10x10.webp?v=2", 96)).toBe("/uploads/a.10x10.96w.webp?v=2");
  });

  it("has copies only narrower than the image", () => {
    expect(variantWidths(5000)).toEqual([...RESPONSIVE_WIDTHS]);
    expect(variantWidths(1200)).toEqual([96, 160, 320, 640, 960]);
    expect(variantWidths(640)).toEqual([96, 160, 320]);
    expect(variantWidths(96)).toEqual([]);
  });

  it("reads size and copies from a sized address and nothing from any other", () => {
    expect(parseSizedImage("https://cdn.example.com/demo/posts/a.1200x630.webp")).toEqual({
      width: 1200,
      height: 630,
      candidates: [96, 160, 320, 640, 960]
        .map((w) => ({ url: `https://cdn.example.com/demo/posts/a.1200x630.${w}w.webp`, width: w }))
        .concat({ url: "https://cdn.example.com/demo/posts/a.1200x630.webp", width: 1200 }),
    });
    for (const other of [
      null,
      "",
      "/uploads/posts/u/1767000000000.webp",
      "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
      "/uploads/a.1200x630.jpg",
      "/uploads/a.1200x630.640w.webp",
      "/uploads/a.0x630.webp",
      "/uploads/a.1200x630.webp.png",
    ]) {
      expect(parseSizedImage(other), String(other)).toBeNull();
    }
  });
});

describe("<ResponsiveImage>", () => {
  it("offers every copy in srcset with the sizes given, the image as src", () => {
    const a = attributesOf({
      src: "/uploads/demo/posts/hello.1200x630.webp",
      alt: "",
      width: 400,
      height: 210,
      sizes: "(min-width: 640px) 200px, 100vw",
    });
    expect(a.src).toBe("/uploads/demo/posts/hello.1200x630.webp");
    expect(a.srcset).toBe(
      [96, 160, 320, 640, 960]
        .map((w) => `/uploads/demo/posts/hello.1200x630.${w}w.webp ${w}w`)
        .concat("/uploads/demo/posts/hello.1200x630.webp 1200w")
        .join(", "),
    );
    expect(srcSetOf("/uploads/demo/posts/hello.1200x630.webp")).toBe(a.srcset);
    expect(a.sizes).toBe("(min-width: 640px) 200px, 100vw");
    expect(a).toMatchObject({ width: "400", height: "210", alt: "" });
  });

  it("defaults sizes to the box's width", () => {
    const a = attributesOf({
      src: "/uploads/p/1.500x500.webp",
      alt: "Asha",
      width: 40,
      height: 40,
    });
    expect(a.sizes).toBe("40px");
    expect(a.srcset).toBe(
      "/uploads/p/1.500x500.96w.webp 96w, /uploads/p/1.500x500.160w.webp 160w, " +
        "/uploads/p/1.500x500.320w.webp 320w, /uploads/p/1.500x500.webp 500w",
    );
  });

  it("is lazy below the fold and eager with high priority for the main image", () => {
    const lazy = attributesOf({ src: "/uploads/a.800x600.webp", alt: "", width: 8, height: 6 });
    expect(lazy).toMatchObject({ loading: "lazy", decoding: "async" });
    expect(lazy.fetchpriority).toBeUndefined();
    const main = attributesOf({
      src: "/uploads/a.800x600.webp",
      alt: "",
      width: 8,
      height: 6,
      priority: true,
    });
    expect(main).toMatchObject({ loading: "eager", fetchpriority: "high" });
    expect(main.decoding).toBeUndefined();
    // React hoists a preload of the main image (with its srcset) into the head.
    expect(
      render({ src: "/uploads/a.800x600.webp", alt: "", width: 8, height: 6, priority: true }),
    ).toMatch(/<link rel="preload" as="image" imageSrcSet="[^"]*a\.800x600\.640w\.webp 640w/);
    expect(render({ src: "/uploads/a.800x600.webp", alt: "", width: 8, height: 6 })).not.toMatch(
      /<link/,
    );
  });

  it("draws other addresses as they are, with width and height", () => {
    const a = attributesOf({
      src: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
      alt: "",
      width: 400,
      height: 210,
      sizes: "100vw",
    });
    expect(a.srcset).toBeUndefined();
    expect(a.sizes).toBeUndefined();
    expect(a).toMatchObject({
      src: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
      width: "400",
      height: "210",
      loading: "lazy",
    });
  });
});
