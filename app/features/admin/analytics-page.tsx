/**
 * The Analytics page (docs/product/administration.md#analytics): views per day (30 or 90 days,
 * site-wide or for one post) as an SVG bar chart, the most read posts of the
 * last 7 and 30 days, and sign-ups, comments and follows per week. Each
 * chart is an image with a name and its figures in a table below it, so a
 * screen reader gets the numbers. No charting library: a few rectangles.
 */
import { Form, Link } from "react-router";
import { secondaryButton } from "~/components/ui/button-styles";
import { DataTable, rowClass, cellClass } from "~/components/ui/data-table";
import { ErrorBox, inputClass } from "~/components/ui/form";
import { countTicks, dayLabel, labelIndexes } from "./chart-axes";

export type AnalyticsPageData = {
  days: 30 | 90;
  post: { slug: string; title: string } | null;
  /** The posts the picker offers. */
  choices: { slug: string; title: string }[];
  error: string | null;
  perDay: { day: string; views: number }[];
  top7: { slug: string; title: string; views: number }[];
  top30: { slug: string; title: string; views: number }[];
  weekly: { week: string; signUps: number; comments: number; follows: number }[];
};

/** A bar chart with its axes (docs/decisions/0261): counts on the left, dates along the bottom. */
function BarChart({
  id,
  title,
  points,
  labels = 6,
}: {
  id: string;
  title: string;
  points: { label: string; value: number }[];
  /** How many dates the bottom axis writes. */
  labels?: number;
}) {
  const total = points.reduce((n, p) => n + p.value, 0);
  const ticks = countTicks(Math.max(0, ...points.map((p) => p.value)));
  const top = ticks.at(-1)!;
  const [width, height] = [600, 200];
  const [left, right, upper, bottom] = [40, 8, 10, 26];
  const plotWidth = width - left - right;
  const plotHeight = height - upper - bottom;
  const bar = plotWidth / Math.max(1, points.length);
  const y = (value: number) => upper + plotHeight - (value / top) * plotHeight;
  return (
    <figure className="space-y-2">
      <figcaption id={`${id}-caption`} className="font-semibold text-slate-900">
        {`${title}: ${total} in all`}
      </figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-caption`}
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full rounded border border-slate-200 bg-white text-slate-700"
      >
        <g data-axis="counts" fontSize="11" fill="currentColor">
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={left}
                x2={width - right}
                y1={y(tick)}
                y2={y(tick)}
                stroke="currentColor"
                strokeOpacity={tick === 0 ? 0.6 : 0.15}
              />
              <text x={left - 6} y={y(tick) + 4} textAnchor="end">
                {tick}
              </text>
            </g>
          ))}
        </g>
        {points.map((p, i) => {
          const h = (p.value / top) * plotHeight;
          return (
            <rect
              key={p.label}
              x={left + i * bar + bar * 0.1}
              y={upper + plotHeight - h}
              width={bar * 0.8}
              height={h}
              className="fill-brand-700"
            >
              <title>{`${dayLabel(p.label)}: ${p.value}`}</title>
            </rect>
          );
        })}
        <g data-axis="dates" fontSize="11" fill="currentColor">
          {labelIndexes(points.length, labels).map((i) => (
            <text
              key={points[i]!.label}
              x={left + i * bar + bar / 2}
              y={height - 8}
              textAnchor={i === 0 ? "start" : i === points.length - 1 ? "end" : "middle"}
            >
              {dayLabel(points[i]!.label)}
            </text>
          ))}
        </g>
      </svg>
    </figure>
  );
}

export function AnalyticsPage({ data }: { data: AnalyticsPageData }) {
  const scope = data.post ? `"${data.post.title}"` : "the whole site";
  return (
    <div>
      <h1 className="mb-6 text-3xl font-bold text-slate-900">Analytics</h1>
      {data.error ? (
        <div className="mb-4">
          <ErrorBox>{data.error}</ErrorBox>
        </div>
      ) : null}
      <RangeControls data={data} />
      <ViewsSection data={data} scope={scope} />
      <div className="mb-8 grid gap-8 lg:grid-cols-2">
        <TopPosts id="top7" title="Most read, last 7 days" rows={data.top7} days={data.days} />
        <TopPosts id="top30" title="Most read, last 30 days" rows={data.top30} days={data.days} />
      </div>
      <WeeklySection weekly={data.weekly} />
    </div>
  );
}

/** The range (30 or 90 days) and the one post to show, or the whole site. */
function RangeControls({ data }: { data: AnalyticsPageData }) {
  const rangeHref = (days: number) =>
    `/admin/analytics?days=${days}${data.post ? `&post=${encodeURIComponent(data.post.slug)}` : ""}`;
  return (
    <>
      <nav aria-label="Range" className="mb-4 flex flex-wrap gap-2">
        {([30, 90] as const).map((days) => (
          <Link
            key={days}
            to={rangeHref(days)}
            aria-current={data.days === days ? "page" : undefined}
            className={`${secondaryButton} ${data.days === days ? "border-brand-700 text-brand-700" : ""}`}
          >
            {`Last ${days} days`}
          </Link>
        ))}
      </nav>
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-2">
        <input type="hidden" name="days" value={data.days} />
        <div className="min-w-0 grow basis-48">
          <label htmlFor="analytics-post" className="block text-sm font-semibold text-slate-800">
            Post
          </label>
          {/* A list of the posts, not a typed slug (docs/decisions/0261). */}
          <select
            key={data.post?.slug ?? ""}
            id="analytics-post"
            name="post"
            defaultValue={data.post?.slug ?? ""}
            className={`${inputClass} max-w-full`}
          >
            <option value="">The whole site</option>
            {data.post && !data.choices.some((c) => c.slug === data.post!.slug) ? (
              <option value={data.post.slug}>{data.post.title}</option>
            ) : null}
            {data.choices.map((choice) => (
              <option key={choice.slug} value={choice.slug}>
                {choice.title}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={secondaryButton}>
          Show
        </button>
      </Form>
    </>
  );
}

function ViewsSection({ data, scope }: { data: AnalyticsPageData; scope: string }) {
  return (
    <section aria-labelledby="views-heading" className="mb-8 space-y-3">
      <h2 id="views-heading" className="text-xl font-bold text-slate-900">
        {`Views per day, ${scope}`}
      </h2>
      <BarChart
        id="views-chart"
        title={`Views in the last ${data.days} days`}
        points={data.perDay.map((d) => ({ label: d.day, value: d.views }))}
      />
      <details>
        <summary className="cursor-pointer text-sm font-semibold text-brand-700">
          Views per day as a table
        </summary>
        <DataTable caption={`Views per day, ${scope}`} headers={["Day", "Views"]}>
          {data.perDay.map((d) => (
            <tr key={d.day} className={rowClass}>
              <td className={cellClass}>{d.day}</td>
              <td className={cellClass}>{d.views}</td>
            </tr>
          ))}
        </DataTable>
      </details>
    </section>
  );
}

/** The most read posts of a period, each linking to its own views. */
function TopPosts({
  id,
  title,
  rows,
  days,
}: {
  id: string;
  title: string;
  rows: AnalyticsPageData["top7"];
  days: number;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <DataTable caption={title} headers={["Post", "Views"]} empty="No views counted yet." stacked>
        {rows.map((p) => (
          <tr key={p.slug} className={rowClass}>
            <td className={cellClass} data-label="Post">
              <Link
                to={`/admin/analytics?days=${days}&post=${encodeURIComponent(p.slug)}`}
                className="text-brand-700 underline"
              >
                {p.title}
              </Link>
            </td>
            <td className={cellClass} data-label="Views">
              {p.views}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

function WeeklySection({ weekly }: { weekly: AnalyticsPageData["weekly"] }) {
  return (
    <section aria-labelledby="weekly-heading" className="space-y-3">
      <h2 id="weekly-heading" className="text-xl font-bold text-slate-900">
        Sign-ups, comments and follows per week
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        <BarChart
          id="signups-chart"
          labels={3}
          title="Sign-ups, last 12 weeks"
          points={weekly.map((w) => ({ label: w.week, value: w.signUps }))}
        />
        <BarChart
          id="comments-chart"
          labels={3}
          title="Comments, last 12 weeks"
          points={weekly.map((w) => ({ label: w.week, value: w.comments }))}
        />
        <BarChart
          id="follows-chart"
          labels={3}
          title="Follows, last 12 weeks"
          points={weekly.map((w) => ({ label: w.week, value: w.follows }))}
        />
      </div>
      <DataTable
        caption="Sign-ups, comments and follows per week"
        headers={["Week of", "Sign-ups", "Comments", "Follows"]}
        stacked
      >
        {weekly.map((w) => (
          <tr key={w.week} className={rowClass}>
            <td className={cellClass} data-label="Week of">
              {w.week}
            </td>
            <td className={cellClass} data-label="Sign-ups">
              {w.signUps}
            </td>
            <td className={cellClass} data-label="Comments">
              {w.comments}
            </td>
            <td className={cellClass} data-label="Follows">
              {w.follows}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
