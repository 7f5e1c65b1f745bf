import { describe, expect, it } from "vitest";
import { footerSocialLinks, isSocialUrl, SOCIAL_NETWORKS } from "./footer-links";
import { readSettingsForm, SITE_SETTINGS_MESSAGES, validateSettings } from "./settings-schema";

function form(fields: Record<string, string>) {
  const data = new FormData();
  const base: Record<string, string> = {
    cookie_banner_message: "We use cookies.",
    cookie_policy_content: "<p>Policy</p>",
    ...fields,
  };
  for (const [k, v] of Object.entries(base)) data.set(k, v);
  return readSettingsForm(data);
}

const errorOf = (fields: Record<string, string>) => {
  const result = validateSettings(form(fields));
  return result.ok ? null : result.error;
};

describe("the sign-up page's member count offset (docs/decisions/0255)", () => {
  it("is 0 by default, takes a whole number up to a million, refuses anything else", () => {
    const offsetOf = (fields: Record<string, string>) => {
      const result = validateSettings(form(fields));
      return result.ok ? result.input.member_count_offset : null;
    };
    expect(offsetOf({})).toBe(0);
    expect(offsetOf({ member_count_offset: " " })).toBe(0);
    expect(offsetOf({ member_count_offset: "1000" })).toBe(1000);
    expect(offsetOf({ member_count_offset: " 250 " })).toBe(250);
    expect(offsetOf({ member_count_offset: "1000000" })).toBe(1_000_000);
    for (const bad of ["-5", "1.5", "12abc", "1000001", "1e3"]) {
      expect([bad, errorOf({ member_count_offset: bad })]).toEqual([
        bad,
        SITE_SETTINGS_MESSAGES.memberCountOffset,
      ]);
    }
  });
});

describe("the site settings form", () => {
  it("reads text as typed and a missing checkbox as off", () => {
    const values = form({ scripts_enabled: "on", google_analytics_id: " g-abc1234 " });
    expect(values.scripts_enabled).toBe(true);
    expect(values.meta_pixel_enabled).toBe(false);
    expect(values.google_analytics_id).toBe(" g-abc1234 ");
    expect(values.header_banner_text).toBe("");
  });

  it("accepts well-formed ids (upper-cased), empty text as unset", () => {
    const result = validateSettings(
      form({
        google_analytics_id: "g-ABC123XYZ9",
        google_analytics_enabled: "on",
        meta_pixel_id: "1234567890123456",
        meta_pixel_enabled: "on",
        google_tag_manager_id: "gtm-ab12cd3",
        google_tag_manager_enabled: "on",
        header_banner_link: "https://example.com/offer",
        default_sidebar_banner_url: "/uploads/posts/a/b.webp",
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.input.google_analytics_id).toBe("G-ABC123XYZ9");
    expect(result.input.google_tag_manager_id).toBe("GTM-AB12CD3");
    expect(result.input.header_banner_text).toBeNull();
    expect(validateSettings(form({ google_analytics_id: "UA-123456-1" })).ok).toBe(true);
  });

  it("refuses malformed ids, addresses and an enabled tracker without an id", () => {
    expect(errorOf({ google_analytics_id: "G-12');alert(1)//" })).toBe(
      SITE_SETTINGS_MESSAGES.analyticsId,
    );
    expect(errorOf({ meta_pixel_id: "12ab" })).toBe(SITE_SETTINGS_MESSAGES.pixelId);
    expect(errorOf({ google_tag_manager_id: "GTM" })).toBe(SITE_SETTINGS_MESSAGES.tagManagerId);
    expect(errorOf({ google_analytics_enabled: "on" })).toBe(
      SITE_SETTINGS_MESSAGES.analyticsIdRequired,
    );
    expect(errorOf({ meta_pixel_enabled: "on" })).toBe(SITE_SETTINGS_MESSAGES.pixelIdRequired);
    expect(errorOf({ google_tag_manager_enabled: "on" })).toBe(
      SITE_SETTINGS_MESSAGES.tagManagerIdRequired,
    );
    expect(errorOf({ header_banner_link: "javascript:alert(1)" })).toBe(
      SITE_SETTINGS_MESSAGES.url("Header banner link"),
    );
    expect(errorOf({ default_sidebar_banner_url: "//evil.example/x.png" })).toBe(
      SITE_SETTINGS_MESSAGES.url("Sidebar banner image URL"),
    );
    expect(errorOf({ cookie_banner_message: "   " })).toBe(SITE_SETTINGS_MESSAGES.bannerMessage);
    expect(errorOf({ header_banner_text: "x".repeat(301) })).toBe(
      SITE_SETTINGS_MESSAGES.tooLong("Header banner text", 300),
    );
  });

  it("takes the Search Console code alone or from Google's whole meta tag", () => {
    const tag = '<meta name="google-site-verification" content="abcDEF123_-xyz" />';
    const result = validateSettings(form({ google_search_console_verification: tag }));
    expect(result.ok && result.input.google_search_console_verification).toBe("abcDEF123_-xyz");
    expect(errorOf({ google_search_console_verification: '"><script>' })).toBe(
      SITE_SETTINGS_MESSAGES.verification,
    );
  });
});

describe("the footer settings", () => {
  const linkedin = SOCIAL_NETWORKS.find((n) => n.name === "social_linkedin_url")!;
  const x = SOCIAL_NETWORKS.find((n) => n.name === "social_x_url")!;

  it("accepts each network's https address on its host or a subdomain, and empty as unset", () => {
    const result = validateSettings(
      form({
        footer_contact_email: " partners@founderbridge.co.uk ",
        social_linkedin_url: "https://www.linkedin.com/company/founderbridge",
        social_x_url: "https://twitter.com/founderbridge",
        social_instagram_url: "https://instagram.com/founderbridge/",
        social_youtube_url: "https://www.youtube.com/@founderbridge",
        social_facebook_url: " https://m.facebook.com/founderbridge ",
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.input.footer_contact_email).toBe("partners@founderbridge.co.uk");
    expect(result.input.social_facebook_url).toBe("https://m.facebook.com/founderbridge");
    expect(result.input.social_x_url).toBe("https://twitter.com/founderbridge");
    const empty = validateSettings(form({}));
    expect(empty.ok && empty.input.social_linkedin_url).toBeNull();
    expect(empty.ok && empty.input.footer_contact_email).toBeNull();
  });

  it("refuses http, another host, a look-alike host, the bare home page and credentials", () => {
    const refused = SITE_SETTINGS_MESSAGES.socialUrl("LinkedIn", ["linkedin.com"]);
    for (const url of [
      "http://www.linkedin.com/company/founderbridge",
      "https://linkedin.com.evil.example/company/founderbridge",
      "https://evillinkedin.com/company/founderbridge",
      "https://www.linkedin.com/",
      "https://user:pass@www.linkedin.com/company/founderbridge",
      "https://www.linkedin.com:8443/company/founderbridge",
      "javascript:alert(1)",
      "linkedin.com/company/founderbridge",
    ]) {
      expect([url, errorOf({ social_linkedin_url: url })]).toEqual([url, refused]);
    }
    expect(errorOf({ social_youtube_url: "https://youtu.be/abc" })).toBe(
      SITE_SETTINGS_MESSAGES.socialUrl("YouTube", ["youtube.com"]),
    );
    expect(errorOf({ social_x_url: "https://www.linkedin.com/company/founderbridge" })).toBe(
      SITE_SETTINGS_MESSAGES.socialUrl("X (Twitter)", ["x.com", "twitter.com"]),
    );
    expect(isSocialUrl(x, "https://x.com/founderbridge")).toBe(true);
    expect(isSocialUrl(linkedin, "https://x.com/founderbridge")).toBe(false);
  });

  it("refuses a contact line that is not an e-mail address", () => {
    expect(errorOf({ footer_contact_email: "hello at founderbridge" })).toBe(
      SITE_SETTINGS_MESSAGES.contactEmail,
    );
    expect(errorOf({ footer_contact_email: "<a>@x" })).toBe(SITE_SETTINGS_MESSAGES.contactEmail);
  });

  it("gives the footer only the networks set and valid, in the form's order", () => {
    expect(footerSocialLinks({})).toEqual([]);
    expect(
      footerSocialLinks({
        socialYoutubeUrl: "https://www.youtube.com/@founderbridge",
        socialLinkedinUrl: "https://www.linkedin.com/company/founderbridge",
        socialXUrl: "   ",
        // Written outside the form: not shown.
        socialFacebookUrl: "javascript:alert(1)",
      }),
    ).toEqual([
      { label: "LinkedIn", href: "https://www.linkedin.com/company/founderbridge" },
      { label: "YouTube", href: "https://www.youtube.com/@founderbridge" },
    ]);
  });

  it("podcast settings: Business by default, Apple's categories only, an owner e-mail, explicit off", () => {
    const defaults = validateSettings(form({}));
    expect(defaults.ok && defaults.input).toMatchObject({
      podcast_category: "Business",
      podcast_image_url: null,
      podcast_owner_name: null,
      podcast_owner_email: null,
      podcast_explicit: false,
    });
    const set = validateSettings(
      form({
        podcast_category: "Education",
        podcast_image_url: "https://cdn.example.com/show.jpg",
        podcast_owner_name: " Asha ",
        podcast_owner_email: "podcast@example.com",
        podcast_explicit: "on",
      }),
    );
    expect(set.ok && set.input).toMatchObject({
      podcast_category: "Education",
      podcast_image_url: "https://cdn.example.com/show.jpg",
      podcast_owner_name: "Asha",
      podcast_owner_email: "podcast@example.com",
      podcast_explicit: true,
    });
    expect(errorOf({ podcast_category: "Startups" })).toBe(SITE_SETTINGS_MESSAGES.podcastCategory);
    expect(errorOf({ podcast_owner_email: "nope" })).toBe(SITE_SETTINGS_MESSAGES.podcastOwnerEmail);
    expect(errorOf({ podcast_image_url: "javascript:alert(1)" })).toBe(
      SITE_SETTINGS_MESSAGES.url("Podcast artwork URL"),
    );
  });
});
