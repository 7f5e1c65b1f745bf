import { describe, expect, it } from "vitest";
import { defaultBannerUnlessShown, prepareWidgets } from "./widgets.server";

const banner = { imageUrl: "/uploads/banner.png", link: "/partner-with-us" };

describe("defaultBannerUnlessShown (docs/decisions/0264)", () => {
  it("keeps the default banner when the post's widgets do not show it", () => {
    const widgets = prepareWidgets([{ type: "text", order: 0, content: "Office hours" }]);
    expect(defaultBannerUnlessShown(widgets, banner)).toBe(banner);
  });

  it("drops it when a widget of the post already shows the same image", () => {
    const widgets = prepareWidgets([
      { type: "image", order: 1, image_url: "/uploads/banner.png", link_url: "/partner-with-us" },
    ]);
    expect(defaultBannerUnlessShown(widgets, banner)).toBeNull();
  });

  it("keeps it beside another image widget, and gives null without a banner", () => {
    const widgets = prepareWidgets([{ type: "image", order: 1, image_url: "/uploads/other.png" }]);
    expect(defaultBannerUnlessShown(widgets, banner)).toBe(banner);
    expect(defaultBannerUnlessShown(widgets, null)).toBeNull();
  });
});
