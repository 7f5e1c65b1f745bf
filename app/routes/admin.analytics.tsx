import { data } from "react-router";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { posts } from "#server/db/schema";
import { AnalyticsPage, type AnalyticsPageData } from "~/features/admin/analytics-page";
import {
  analyticsPostChoices,
  topPostsByViews,
  viewsPerDay,
  weeklyCommunity,
} from "~/features/admin/analytics.server";
import { defaultPageMeta } from "~/features/seo/meta";
import { formText, readQuery } from "~/lib/read-input.server";
import { services } from "~/lib/services.server";
import { noStore } from "~/pipeline/action.server";
import { actor } from "~/pipeline/guards.server";
import type { Route } from "./+types/admin.analytics";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Analytics", { noindex: true });
}

const MESSAGES = {
  badRange: "Choose the last 30 or 90 days",
  noPost: "No post has this slug",
} as const;

const query = z.object({
  days: formText.pipe(
    z.enum(["", "30", "90"], MESSAGES.badRange).transform((v) => (v === "90" ? 90 : 30)),
  ),
  post: formText.pipe(z.string().trim().max(200, MESSAGES.noPost)),
});

/** /admin/analytics?days=30|90&post={slug} (docs/product/administration.md#analytics): under the admins' guard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = actor(context);
  const { db } = services(context);
  const read = readQuery(request, query);
  let error = read.ok ? null : (read.message ?? MESSAGES.badRange);
  const days = read.ok ? read.data.days : 30;
  let post: { id: string; slug: string; title: string } | null = null;
  if (read.ok && read.data.post) {
    const [found] = await db
      .select({ id: posts.id, slug: posts.slug, title: posts.title })
      .from(posts)
      .where(eq(posts.slug, read.data.post));
    if (found) post = found;
    else error = MESSAGES.noPost;
  }
  const [perDay, top7, top30, weekly, choices] = await Promise.all([
    viewsPerDay(db, admin, { days, postId: post?.id }),
    topPostsByViews(db, admin, { days: 7 }),
    topPostsByViews(db, admin, { days: 30 }),
    weeklyCommunity(db, admin),
    analyticsPostChoices(db, admin),
  ]);
  const payload: AnalyticsPageData = {
    days,
    post: post ? { slug: post.slug, title: post.title } : null,
    choices,
    error,
    perDay,
    top7: top7.map(({ slug, title, views }) => ({ slug, title, views })),
    top30: top30.map(({ slug, title, views }) => ({ slug, title, views })),
    weekly,
  };
  return data(payload, {
    status: error ? (error === MESSAGES.noPost ? 404 : 400) : 200,
    headers: noStore,
  });
}

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  return <AnalyticsPage data={loaderData} />;
}
