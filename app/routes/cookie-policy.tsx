import { data } from "react-router";
import { sanitizePostHtml } from "~/features/posts/sanitize.server";
import { pageMeta, siteOf } from "~/features/seo/meta";
import { ResetConsentButton } from "~/features/consent/consent-bar";
import { getPublicSiteSettings } from "~/features/site-settings/public-settings.server";
import { pageCacheHeaders, readerPageHeaders } from "~/features/layout/cache-headers";
import type { Route } from "./+types/cookie-policy";
import { services } from "~/lib/services.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const settings = await getPublicSiteSettings(db);
  return data(
    { html: sanitizePostHtml(settings.cookiePolicyContent) },
    { headers: pageCacheHeaders(request.headers.get("cookie"), config.geo.countryHeader) },
  );
}

export const headers = readerPageHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const { siteName, siteUrl } = siteOf(matches);
  return pageMeta({
    title: `Cookie Policy | ${siteName}`,
    description: `Which cookies ${siteName} uses and how to change your choice.`,
    path: "/cookie-policy",
    siteName,
    siteUrl,
  });
}

export default function CookiePolicy({ loaderData }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-extrabold tracking-tight text-brand-900">Cookie Policy</h1>
      {/* The admin-edited policy (site settings), sanitised like a post body. */}
      <div className="post-body mt-8" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
      {/* Forgets the cookie choice: the consent bar asks again (docs/product/privacy.md#cookie-consent). */}
      <ResetConsentButton />
    </article>
  );
}
