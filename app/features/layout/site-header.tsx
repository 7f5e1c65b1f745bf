import { ThemeToggle } from "./theme-toggle";
import { useEffect, useRef, type ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { AboutMenu } from "./about-menu";
import { MobileMenu } from "./mobile-menu";
import type { HeaderBanner, NavCategory } from "./nav-links";
import { SearchDialog } from "./search-dialog";
import { PROMO_DISMISSED_KEY } from "./theme";

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

/**
 * A short key of the banner's content: hiding it lasts until an admin changes it
 * (docs/decisions/0269). Letters and digits only, so that it is safe in a selector.
 */
export function promoBannerKey(banner: HeaderBanner): string {
  const text = `${banner.text ?? ""}\u0000${banner.link ?? ""}\u0000${banner.imageUrl ?? ""}`;
  let hash = 5381;
  for (let i = 0; i < text.length; i++) hash = ((hash * 33) ^ text.charCodeAt(i)) >>> 0;
  return hash.toString(36);
}

function rememberHidden(key: string) {
  document.documentElement.setAttribute("data-promo-dismissed", "");
  try {
    localStorage.setItem(PROMO_DISMISSED_KEY, key);
  } catch {
    // Storage blocked: hidden on this page only.
  }
}

/**
 * The law firm's promotional banner (site settings header_banner_*); nothing when unset. One line
 * at any width, the same dark colours in both themes, and a close control that works before the
 * scripts load: a checkbox whose state hides the bar in CSS, remembered once they have
 * (docs/decisions/0269). <html> carries the bar's key (root.tsx), which the head script compares
 * with the one the reader hid.
 */
function PromoBanner({ banner }: { banner: HeaderBanner }) {
  const key = promoBannerKey(banner);
  const close = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Closed before the page hydrated: remember it now.
    if (close.current?.checked) rememberHidden(key);
  }, [key]);
  const body = (
    <span className="inline-flex min-w-0 max-w-full items-center gap-3">
      {banner.imageUrl ? (
        <img
          src={banner.imageUrl}
          alt={banner.text ? "" : "Sponsored"}
          height={28}
          width={112}
          className="h-6 w-auto shrink-0"
        />
      ) : null}
      {banner.text ? <span className="truncate">{banner.text}</span> : null}
    </span>
  );
  return (
    <>
      <aside
        id="promo-bar"
        aria-label="Sponsored"
        className="promo-bar text-sm has-[input:checked]:hidden"
      >
        <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2">
          <div className="min-w-0 flex-1 truncate text-center">
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
          </div>
          <input
            ref={close}
            id="promo-bar-close"
            type="checkbox"
            className="peer sr-only"
            onChange={(event) => {
              if (event.currentTarget.checked) rememberHidden(key);
            }}
          />
          <label
            htmlFor="promo-bar-close"
            className="shrink-0 cursor-pointer rounded px-1.5 text-lg leading-none peer-focus-visible:outline-2"
          >
            <span aria-hidden="true">×</span>
            <span className="sr-only">Hide this banner</span>
          </label>
        </div>
      </aside>
    </>
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
