import { lazy, Suspense, type ReactNode } from "react";
import {
  data as withHeaders,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { ErrorPage } from "~/components/layout/error-page";
import { NotFoundPage } from "~/components/layout/not-found-page";
import { SiteFooter } from "~/features/layout/site-footer";
import { promoBannerKey, SiteHeader } from "~/features/layout/site-header";
import { clientLog } from "~/lib/client-log";
import { useLinkNonce, useNonce } from "~/lib/nonce";
import { loadSiteChrome } from "~/features/layout/site-chrome.server";
import { AccountArea, AvatarSlot } from "~/features/accounts/account-area";
import {
  useViewerPartsRequest,
  ViewerProvider,
  viewerUser,
} from "~/features/accounts/viewer-parts";
import { BellSlot } from "~/features/notifications/bell-slot";
import { requestContext } from "#server/http/request-context";
import { WriteButton } from "~/features/authoring/write-button";
import { toHeaderUser } from "~/features/accounts/header-user";
import { getSessionUser } from "~/features/accounts/session.server";
import { can } from "~/features/accounts/permissions";
import { bellState } from "~/features/notifications/notifications.server";
import { openReportCount } from "~/features/reports/reports.server";
import { ConsentBar } from "~/features/consent/lazy-consent-bar";
import { pageScripts } from "~/features/consent/consent.server";
import { consentFromCookieHeader } from "~/features/consent/consent";
import { lookupCountry } from "~/features/consent/geo.server";
import { TrackerBody, TrackerHead } from "~/features/site-settings/tracker-tags";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import type { BellState } from "~/features/notifications/notification-rules";
import { THEME_SCRIPT } from "~/features/layout/theme";
import { THEME_COLOR } from "~/features/seo/web-manifest";
import { readFlash } from "~/lib/flash.server";
import { services } from "~/lib/services.server";
import { STUDIO_FLASH } from "~/features/authoring/studio/studio-messages";

// Only members have a bell: readers' pages do not load its code (docs/milestones.md#issue-17-performance, decision 0107).
// The server renders it in place, so that the page works without JavaScript.
const NotificationBell = import.meta.env.SSR
  ? (await import("~/features/notifications/notification-bell")).NotificationBell
  : lazy(() =>
      import("~/features/notifications/notification-bell").then((m) => ({
        default: m.NotificationBell,
      })),
    );

// A flash (a success carried over a redirect, docs/decisions/0147) is rare and only for signed-in
// authors: readers' pages do not load the toast's code until one comes.
const FlashToast = import.meta.env.SSR
  ? (await import("~/components/ui/toast")).FlashToast
  : lazy(() => import("~/components/ui/toast").then((m) => ({ default: m.FlashToast })));

export const links: Route.LinksFunction = () => [
  // One content-hashed file under /assets, cached for a year (decision 0160); it was inlined
  // in every page (46 KB of each page's HTML, sent again on every page view).
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico", sizes: "48x48" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "alternate", type: "application/rss+xml", title: "Latest posts", href: "/rss.xml" },
  { rel: "alternate", type: "application/feed+json", title: "Latest posts", href: "/feed.json" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  // The members' shared page (decision 0154): rendered without the member (the page cache took
  // the auth cookies off), its personal slots filled in the browser from /api/viewer.
  const memberShell = context.get(requestContext).sharedMemberPage === true;
  const { db, config } = services(context);
  const [chrome, user, scripts] = await Promise.all([
    loadSiteChrome({ db, config }),
    getSessionUser(request, services(context)),
    // The consent bar and the tracking scripts this visitor gets (docs/product/privacy.md#tracking-scripts).
    pageScripts(db, {
      countryCode: lookupCountry(request.headers, config.geo).countryCode,
      state: consentFromCookieHeader(request.headers.get("cookie")),
    }),
  ]);
  const [bell, openReports] = await Promise.all([
    can(user, "notifications.read") ? bellState(db, user!.id) : null,
    // The admin nav's badge (docs/decisions/0122): admins only.
    can(user, "admin.access") ? openReportCount(db, user) : null,
  ]);
  // A success toast carried over a redirect (docs/decisions/0147), shown once.
  const flash = readFlash(request, STUDIO_FLASH);
  const body = {
    ...chrome,
    user: toHeaderUser(user),
    bell,
    openReports,
    scripts,
    memberShell,
    flash: flash.message ? { text: flash.message, key: Date.now() } : null,
  };
  return flash.clear ? withHeaders(body, { headers: flash.clear }) : body;
}

/**
 * Whether a matched route asks for the admin's own shell (docs/decisions/0259): its `handle`
 * says `{ chrome: "admin" }`, and the page goes without the public header, promotion bar and footer.
 */
function useAdminChrome(): boolean {
  return useMatches().some(
    (match) => (match.handle as { chrome?: unknown } | undefined)?.chrome === "admin",
  );
}

/** The page's own post, whose saved state the shared page's private request asks for. */
function usePagePostId(): string | undefined {
  for (const match of useMatches()) {
    const id = (match.loaderData as { view?: { post?: { id?: unknown } } } | undefined)?.view?.post
      ?.id;
    if (typeof id === "string") return id;
  }
  return undefined;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const linkNonce = useLinkNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const siteName = data?.siteName ?? "FounderBridge";
  const navCategories = data?.navCategories ?? [];
  // On the members' shared page the member's parts come from one private request (decision 0154).
  const shared = data?.memberShell === true;
  const parts = useViewerPartsRequest<BellState>(shared, usePagePostId());
  const viewer = { shared, parts };
  const user = viewerUser(data?.user ?? null, viewer);
  const bell = data?.bell ?? (shared ? (parts?.bell ?? null) : null);
  const adminChrome = useAdminChrome();
  return (
    // data-theme is set by THEME_SCRIPT before the first paint (decision 0114).
    <html
      lang="en-GB"
      // The promotion bar's key, which the head script compares with the one the reader hid
      // (docs/decisions/0269).
      data-promo-key={data?.headerBanner ? promoBannerKey(data.headerBanner) : undefined}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }}
          suppressHydrationWarning
        />
        <Meta />
        <Links nonce={linkNonce} />
        {data?.scripts.searchConsoleVerification ? (
          <meta name="google-site-verification" content={data.scripts.searchConsoleVerification} />
        ) : null}
        <TrackerHead trackers={data?.scripts.trackers ?? null} nonce={nonce} />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main-content"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        {adminChrome ? null : (
          <SiteHeader
            siteName={siteName}
            categories={navCategories}
            banner={data?.headerBanner ?? null}
            accountArea={
              !data ? null : shared && !parts && !data.user ? (
                // The member's slots at their size until their parts arrive; links without JavaScript.
                <>
                  <BellSlot />
                  <AvatarSlot />
                </>
              ) : (
                <>
                  <WriteButton user={user} />
                  {bell ? (
                    <Suspense fallback={<BellSlot />}>
                      <NotificationBell initial={bell} />
                    </Suspense>
                  ) : null}
                  <AccountArea user={user} />
                </>
              )
            }
          />
        )}
        <main id="main-content" className="flex-1">
          <ViewerProvider value={viewer}>{children}</ViewerProvider>
        </main>
        {data?.flash ? (
          <Suspense fallback={null}>
            <FlashToast flash={data.flash} />
          </Suspense>
        ) : null}
        {adminChrome ? null : (
          <SiteFooter
            siteName={siteName}
            categories={navCategories}
            contactEmail={data?.contactEmail}
            socialLinks={data?.socialLinks ?? []}
          />
        )}
        {data?.scripts.consent.bar ? (
          <ConsentBar
            message={data.scripts.consent.bar.message}
            countryCode={data.scripts.consent.countryCode}
          />
        ) : null}
        <TrackerBody trackers={data?.scripts.trackers ?? null} nonce={nonce} />
        {/* Restores the position on back/forward and starts every new page at the top. */}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>404 Page Not Found</title>
        <NotFoundPage />
      </>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 503) {
    return (
      <>
        <title>Service briefly unavailable</title>
        <ErrorPage
          unavailable={
            typeof error.data === "string" && error.data
              ? error.data
              : "The service is briefly unavailable, please try again"
          }
        />
      </>
    );
  }
  if (typeof window !== "undefined") {
    clientLog.error(error instanceof Error ? error.message : "Route error", {
      status: isRouteErrorResponse(error) ? error.status : undefined,
    });
  }
  return (
    <>
      <title>Something went wrong</title>
      <ErrorPage />
    </>
  );
}
