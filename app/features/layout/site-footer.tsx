import { Link } from "react-router";
import { ABOUT_LINKS, type NavCategory } from "./nav-links";

export type SiteFooterProps = {
  siteName: string;
  categories: NavCategory[];
  /** e.g. hello@founderbridge.co.uk; the contact line links to /partner-with-us without it. */
  contactEmail?: string | null;
  /** The site's accounts set in Site Settings; none set, no list. */
  socialLinks: { label: string; href: string }[];
};

const linkClass = "text-slate-700 hover:text-brand-700 hover:underline";

/** Footer: link columns, a contact line, social links (docs/product/reading.md#header-and-footer). */
export function SiteFooter({ siteName, categories, contactEmail, socialLinks }: SiteFooterProps) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-10 text-sm">
        <FooterColumns siteName={siteName} categories={categories} />
        <FooterContact contactEmail={contactEmail} socialLinks={socialLinks} />
        <p className="mt-6 text-slate-700">
          © {new Date().getFullYear()} {siteName}. Building products between the UK and India.
        </p>
      </div>
    </footer>
  );
}

/** The site's line, and the Topics, Company and Resources links. */
function FooterColumns({ siteName, categories }: Pick<SiteFooterProps, "siteName" | "categories">) {
  return (
    <div className="grid gap-8 sm:grid-cols-2 md:grid-cols-4">
      <div>
        <p className="text-base font-bold text-brand-900">{siteName}</p>
        <p className="mt-2 text-slate-700">
          Mentor-led guidance for founders building products between the UK and India.
        </p>
      </div>
      <nav aria-labelledby="footer-topics">
        <h2 id="footer-topics" className="font-semibold text-slate-900">
          Topics
        </h2>
        <ul className="mt-3 space-y-2">
          {categories.map((c) => (
            <li key={c.slug}>
              <Link to={`/categories/${c.slug}`} className={linkClass}>
                {c.name}
              </Link>
            </li>
          ))}
          <li>
            <Link to="/categories" className={linkClass}>
              All categories
            </Link>
          </li>
        </ul>
      </nav>
      <nav aria-labelledby="footer-company">
        <h2 id="footer-company" className="font-semibold text-slate-900">
          Company
        </h2>
        <ul className="mt-3 space-y-2">
          {ABOUT_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={linkClass}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-labelledby="footer-resources">
        <h2 id="footer-resources" className="font-semibold text-slate-900">
          Resources
        </h2>
        <ul className="mt-3 space-y-2">
          <li>
            <Link to="/search" className={linkClass}>
              Search
            </Link>
          </li>
          <li>
            <a href="/rss.xml" className={linkClass}>
              RSS feed
            </a>
          </li>
          <li>
            <a href="/sitemap.xml" className={linkClass}>
              Sitemap
            </a>
          </li>
          <li>
            <Link to="/cookie-policy" className={linkClass}>
              Cookie Policy
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}

/** The offices and contact line, and the site's social accounts. */
function FooterContact({
  contactEmail,
  socialLinks,
}: Pick<SiteFooterProps, "contactEmail" | "socialLinks">) {
  return (
    <div className="mt-10 flex flex-col gap-4 border-t border-slate-200 pt-6 md:flex-row md:items-center md:justify-between">
      <p className="text-slate-700">
        Offices in London and Bengaluru ·{" "}
        {contactEmail ? (
          <a href={`mailto:${contactEmail}`} className={linkClass}>
            {contactEmail}
          </a>
        ) : (
          <Link to="/partner-with-us" className={linkClass}>
            Get in touch
          </Link>
        )}
      </p>
      {socialLinks.length > 0 ? (
        <ul aria-label="Social links" className="flex flex-wrap gap-4">
          {socialLinks.map((s) => (
            <li key={s.label}>
              <a href={s.href} rel="me noopener noreferrer" target="_blank" className={linkClass}>
                {s.label}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
