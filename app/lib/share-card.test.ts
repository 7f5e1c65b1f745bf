import { describe, expect, it } from "vitest";
import {
  bodyText,
  DEFAULT_DESCRIPTION,
  DEFAULT_SHARE_IMAGE,
  shareCard,
  type ShareCardFields,
} from "./share-card";

const empty: ShareCardFields = {
  title: "",
  og_title: "",
  og_description: "",
  og_image: "",
  excerpt: "",
  content: "",
  featured_image_url: "",
  featured_video_url: "",
};
const SITE = "https://www.founderbridge.example";

describe("shareCard", () => {
  it("uses the Open Graph fields first", () => {
    expect(
      shareCard(
        {
          ...empty,
          title: "Title",
          og_title: "OG title",
          og_description: "OG description",
          og_image: " https://cdn.example/og.png ",
          excerpt: "Excerpt",
          featured_image_url: "/uploads/posts/a.webp",
        },
        SITE,
      ),
    ).toEqual({
      title: "OG title",
      description: "OG description",
      image: "https://cdn.example/og.png",
      domain: "founderbridge.example",
    });
  });

  it("falls back to the title, the excerpt and the featured image", () => {
    const card = shareCard(
      { ...empty, title: "Title", excerpt: "  Excerpt  ", featured_image_url: "/uploads/a.webp" },
      SITE,
    );
    expect(card).toMatchObject({
      title: "Title",
      description: "Excerpt",
      image: "/uploads/a.webp",
    });
  });

  it("without an excerpt: the text's first 160 characters; a video's still; else the site's", () => {
    const long = "word ".repeat(60);
    const card = shareCard(
      {
        ...empty,
        title: "T",
        content: `<h2>Fish &amp; chips</h2><p>${long}</p>`,
        featured_video_url: "https://youtu.be/dQw4w9WgXcQ",
      },
      SITE,
    );
    expect(card.description).toBe(`Fish & chips ${long}`.slice(0, 160));
    expect(card.image).toBe("https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg");
    const bare = shareCard({ ...empty, title: "T" }, "http://127.0.0.1:3000");
    expect(bare).toEqual({
      title: "T",
      description: DEFAULT_DESCRIPTION,
      image: DEFAULT_SHARE_IMAGE.path,
      domain: "127.0.0.1:3000",
    });
  });

  it("caps an Open Graph description at 300 characters, as the meta tags do", () => {
    expect(shareCard({ ...empty, og_description: "x".repeat(400) }, SITE).description).toHaveLength(
      300,
    );
  });
});

describe("bodyText", () => {
  it("spaces blocks, drops tags and scripts, reads entities", () => {
    expect(bodyText("<p>a</p><p>b<br>c &lt;d&gt;</p><script>x()</script>")).toBe("a b c <d>");
  });
});
