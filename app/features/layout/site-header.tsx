import { ThemeToggle } from "./theme-toggle";
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { AboutMenu } from "./about-menu";
import { MobileMenu } from "./mobile-menu";
import type { HeaderBanner, NavCategory } from "./nav-links";
import { SearchDialog } from "./search-dialog";

/** "FounderBridge" → "FB"; a one-word name gives its first two letters. */
function initials(name: string) {
  const capitals = name.match(/[A-Z]/g) ?? [];
  return (capitals.length >= 2 ? capitals.slice(0, 2).join("") : name.slice(0, 2)).toUpperCase();
}

export type SiteHeaderProps = {
  siteName: string;
  categories: NavCategory[];
  banner: HeaderBanner | null;
  /**
   * The account area: Write, the notification bell, the avatar menu for
   * members; Sign in and Join Free Now for visitors. Rendered by the accounts
   * feature (app/features/accounts) and passed in from root.tsx.
   */
  accountArea?: ReactNode;
};

/** The law firm's promotional banner (site settings header_banner_*); nothing when unset. */
function PromoBanner({ banner }: { banner: HeaderBanner }) {
  const body = (
    <span className="flex items-center justify-center gap-3">
      {banner.imageUrl ? (
        <img
          src={banner.imageUrl}
          alt={banner.text ? "" : "Sponsored"}
          height={28}
          width={112}
          className="h-7 w-auto"
        />
      ) : null}
      {banner.text ? <span>{banner.text}</span> : null}
    </span>
  );
  return (
    <aside aria-label="Sponsored" className="bg-brand-900 px-4 py-2 text-center text-sm text-white">
      {banner.link?.startsWith("/") ? (
        <Link to={banner.link} className="underline-offset-2 hover:underline">
          {body}
        </Link>
      ) : banner.link ? (
        <a
          href={banner.link}
          rel="sponsored noopener noreferrer"
          target="_blank"
          className="underline-offset-2 hover:underline"
        >
          {body}
        </a>
      ) : (
        body
      )}
    </aside>
  );
}

export function SiteHeader({ siteName, categories, banner, accountArea }: SiteHeaderProps) {
  return (
    <>
      {banner ? <PromoBanner banner={banner} /> : null}
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3 sm:gap-4">
          <div className="flex shrink-0 items-center gap-2">
            <MobileMenu categories={categories} />
            <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-900">
              <span
                aria-hidden="true"
                className="inline-flex h-8 w-8 items-center justify-center rounded-md bg-brand-700 text-sm text-white"
              >
                {initials(siteName)}
              </span>
              {/* On a phone the mark alone, so that the account buttons fit beside it. */}
              <span className="sr-only sm:not-sr-only">{siteName}</span>
            </Link>
          </div>
          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex items-center gap-1 text-sm font-medium text-slate-700">
              {categories.map((c) => (
                <li key={c.slug}>
                  <NavLink
                    to={`/categories/${c.slug}`}
                    className={({ isActive }) =>
                      `rounded px-2 py-1 hover:text-brand-700 ${isActive ? "text-brand-700 underline underline-offset-4" : ""}`
                    }
                  >
                    {c.name}
                  </NavLink>
                </li>
              ))}
              <li>
                <AboutMenu />
              </li>
            </ul>
          </nav>
          <div className="flex shrink-0 items-center gap-1 sm:gap-2">
            <SearchDialog />
            <div className="hidden sm:block">
              <ThemeToggle />
            </div>
            {/* The account area slot (see SiteHeaderProps.accountArea). */}
            <div data-slot="account-area" className="flex items-center gap-2">
              {accountArea}
            </div>
          </div>
        </div>
      </header>
    </>
  );
}
