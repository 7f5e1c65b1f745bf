/** The About menu's pages (docs/product/reading.md#header-and-footer), in menu order. */
export const ABOUT_LINKS = [
  { to: "/about", label: "About Us" },
  { to: "/our-story", label: "Our Story" },
  { to: "/vision", label: "Our Vision" },
  { to: "/our-services", label: "Our Services" },
  { to: "/expand-business-to-uk", label: "Expand Business to UK" },
  { to: "/expand-business-to-india", label: "Expand Business to India" },
  { to: "/partner-with-us", label: "Partner With Us" },
] as const;

export type NavCategory = { name: string; slug: string };

export type HeaderBanner = { text: string | null; link: string | null; imageUrl: string | null };
