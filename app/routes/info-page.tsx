import { data, Link } from "react-router";
import { primaryButton } from "~/components/ui/button-styles";
import { infoPageByPath, withSiteName } from "~/features/pages/info-pages";
import { pageMeta, siteOf, defaultPageMeta } from "~/features/seo/meta";
import { pageCacheHeaders, readerPageHeaders } from "~/features/layout/cache-headers";
import { services } from "~/lib/services.server";
import type { Route } from "./+types/info-page";

export function loader({ request, context }: Route.LoaderArgs) {
  const { config } = services(context);
  const page = infoPageByPath(new URL(request.url).pathname.replace(/\/$/, ""));
  if (!page) throw data(null, { status: 404 });
  return data(
    { path: page.path },
    { headers: pageCacheHeaders(request.headers.get("cookie"), config.geo.countryHeader) },
  );
}

export const headers = readerPageHeaders;

export function meta(args: Route.MetaArgs) {
  const { loaderData, matches } = args;
  const { siteName, siteUrl } = siteOf(matches);
  const page = loaderData ? infoPageByPath(loaderData.path) : undefined;
  if (!page) return defaultPageMeta(args, "404 Page Not Found", { noindex: true });
  return pageMeta({
    title: `${page.title} | ${siteName}`,
    description: withSiteName(page.description, siteName),
    path: page.path,
    siteName,
    siteUrl,
  });
}

export default function InfoPageRoute({ loaderData, matches }: Route.ComponentProps) {
  const { siteName } = siteOf(matches);
  const page = infoPageByPath(loaderData.path)!;
  const t = (text: string) => withSiteName(text, siteName);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-extrabold tracking-tight text-brand-900">{page.title}</h1>
      <p className="mt-4 text-xl text-slate-700">{t(page.lead)}</p>
      {page.sections.map((section) => (
        <section key={section.heading} className="mt-10">
          <h2 className="text-2xl font-bold text-slate-900">{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p} className="mt-3 text-lg leading-relaxed text-slate-800">
              {t(p)}
            </p>
          ))}
          {section.bullets ? (
            <ul className="mt-3 list-disc space-y-2 pl-6 text-lg text-slate-800">
              {section.bullets.map((b) => (
                <li key={b}>{t(b)}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      {page.cta ? (
        <p className="mt-12">
          <Link to={page.cta.to} className={primaryButton}>
            {page.cta.label}
          </Link>
        </p>
      ) : null}
    </article>
  );
}
