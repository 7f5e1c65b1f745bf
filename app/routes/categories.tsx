import { data, Link } from "react-router";
import { listCategories, readerCategories } from "~/features/categories/categories.server";
import { postCountLabel } from "~/features/categories/labels";
import { pageMeta, siteOf } from "~/features/seo/meta";
import { pageCacheHeaders, readerPageHeaders, withPageKeys } from "~/features/layout/cache-headers";
import type { Route } from "./+types/categories";
import { services } from "~/lib/services.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const all = await listCategories(db);
  const categories = readerCategories(all).map((c) => ({
    name: c.name,
    slug: c.slug,
    description: c.description,
    postCount: c.postCount,
  }));
  // The post counts change with the lists.
  return data(
    { categories },
    {
      headers: withPageKeys(
        pageCacheHeaders(request.headers.get("cookie"), config.geo.countryHeader),
        ["list:all"],
      ),
    },
  );
}

export const headers = readerPageHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const { siteName, siteUrl } = siteOf(matches);
  return pageMeta({
    title: `Categories | ${siteName}`,
    description: "Every topic we cover: news, guides, AMAs, podcasts, startup stories and events.",
    path: "/categories",
    siteName,
    siteUrl,
  });
}

export default function Categories({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900">Categories</h1>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.categories.map((c) => (
          <li key={c.slug}>
            <article className="relative h-full rounded-lg border border-slate-200 p-5 focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-700">
              <h2 className="text-xl font-bold">
                <Link to={`/?category=${c.slug}`} className="after:absolute after:inset-0">
                  {c.name}
                </Link>
              </h2>
              <p className="mt-1 text-sm font-medium text-brand-700">
                {postCountLabel(c.postCount)}
              </p>
              {c.description ? <p className="mt-3 text-slate-700">{c.description}</p> : null}
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
