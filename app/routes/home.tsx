import { db } from "#server/db/client";
import { runtime } from "#server/runtime";
import { latestPublishedPosts } from "~/features/posts/latest-posts.server";
import type { Route } from "./+types/home";

export async function loader() {
  const { config } = runtime();
  const posts = await latestPublishedPosts(db(), 5);
  return { posts, siteName: config.siteName };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const siteName = loaderData?.siteName ?? "FounderBridge";
  return [
    { title: `${siteName}: build between the UK and India` },
    {
      name: "description",
      content:
        "Articles, guides, AMAs, podcasts and startup stories from mentors who build products between the UK and India.",
    },
  ];
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900">Latest from our mentors</h1>
      {posts.length === 0 ? (
        <div className="mt-10 rounded-lg border border-dashed border-slate-300 p-10 text-center">
          <p className="text-lg font-semibold">No posts found</p>
          <p className="mt-1 text-slate-700">Check back later for new content</p>
        </div>
      ) : (
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {posts.map((post) => (
            <li key={post.id} className="rounded-lg border border-slate-200 p-5">
              <article>
                <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
                  {post.categoryName}
                </p>
                <h2 className="mt-1 text-xl font-bold">{post.title}</h2>
                {post.excerpt ? <p className="mt-2 text-slate-700">{post.excerpt}</p> : null}
                <p className="mt-3 text-sm text-slate-700">
                  {post.authorName}
                  {post.publishedAt ? (
                    <>
                      {" · "}
                      <time dateTime={new Date(post.publishedAt).toISOString()}>
                        {dateFormat.format(new Date(post.publishedAt))}
                      </time>
                    </>
                  ) : null}
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
