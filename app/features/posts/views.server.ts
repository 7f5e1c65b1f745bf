/**
 * View counting (docs/product/reading.md#views increment_view_count_by_slug): each loaded post
 * registers a view, and a visitor counts at most once per post per 30
 * minutes, so refreshing cannot inflate the count. A visitor is a keyed hash
 * of the client address alone (an IPv6 address by its /64), whatever the
 * browser says it is: one client changing its User-Agent is still one
 * visitor (docs/decisions/0176). The address itself is never stored.
 *
 * The page itself may come from the page cache, so the view is not counted
 * while rendering: the post page sends a beacon (POST /api/posts/{id}/view)
 * for each post it shows, and without JavaScript a 1-pixel image asks the
 * same address (docs/decisions/0007). A counted view also adds one to the
 * post's row for today (UTC) in post_daily_views, in the same statement, for
 * the views-per-day figures (docs/product/administration.md#analytics).
 */
import { createHmac } from "node:crypto";
import { isIPv6 } from "node:net";
import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import { uuidSchema } from "~/lib/uuid";
import type { Database } from "#server/db/client";
import { isDatabaseUnavailable } from "#server/db/errors";
import { createWindowLimiter } from "#server/http/window-limiter";

export const VIEW_WINDOW_MINUTES = 30;

/** Beacons per client address and minute on this instance; more are refused (429). */
export const VIEW_BEACON_LIMIT = { limit: 120, windowMs: 60_000 } as const;

/** The eight groups of an IPv6 address, "::" expanded; null when it is not one. */
function ipv6Groups(ip: string): string[] | null {
  if (!isIPv6(ip) || ip.includes(".")) return null;
  const [head = "", tail] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...right];
}

/**
 * Who a view is counted for: the address, except that an IPv6 client is its
 * /64 (one home or phone gets a whole /64 and may pick any address in it).
 * An IPv4 address written as IPv6 (::ffff:203.0.113.7) is the IPv4 one.
 */
export function viewerAddress(ip: string): string {
  const trimmed = ip
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(?=\d+\.)/, "");
  const groups = ipv6Groups(trimmed);
  if (!groups) return trimmed;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** A visitor: a keyed hash of the client's address (never its User-Agent, decision 0176). */
export function visitorKey(secret: string, ip: string): string {
  return createHmac("sha256", secret).update(viewerAddress(ip)).digest("base64url").slice(0, 32);
}

let sinceCleanup = 0;

/**
 * Counts a view of the post unless this visitor viewed it in the last 30
 * minutes, on the post and on its row for today. Returns whether it counted.
 * One statement: no race between two requests of the same visitor, and
 * concurrent views of a post each add one (the upsert takes the row's lock).
 */
export async function registerView(db: Database, postId: string, key: string): Promise<boolean> {
  // Only a published, visible post counts; an unknown id does nothing.
  const result = (await db.execute(sql`
    WITH seen AS (
      INSERT INTO post_views (post_id, visitor_key, viewed_at)
      SELECT p.id, ${key}, now() FROM posts p
      WHERE p.id = ${postId} AND p.status = 'published' AND p.published_at <= now()
      ON CONFLICT (post_id, visitor_key) DO UPDATE SET viewed_at = now()
        WHERE post_views.viewed_at < now() - make_interval(mins => ${VIEW_WINDOW_MINUTES})
      RETURNING 1
    ),
    daily AS (
      INSERT INTO post_daily_views (post_id, day, views)
      SELECT ${postId}::uuid, (now() AT TIME ZONE 'UTC')::date, 1 WHERE EXISTS (SELECT 1 FROM seen)
      ON CONFLICT (post_id, day) DO UPDATE SET views = post_daily_views.views + 1
    )
    UPDATE posts SET view_count = view_count + 1
    WHERE id = ${postId} AND EXISTS (SELECT 1 FROM seen)
    RETURNING view_count
  `)) as { rows: unknown[] };
  // Old rows no longer decide anything: drop them now and then.
  sinceCleanup += 1;
  if (sinceCleanup >= 500) {
    sinceCleanup = 0;
    await db.execute(
      sql`DELETE FROM post_views WHERE viewed_at < now() - make_interval(mins => ${VIEW_WINDOW_MINUTES})`,
    );
  }
  return result.rows.length > 0;
}

const beaconLimiter = createWindowLimiter(VIEW_BEACON_LIMIT);

function sameHost(url: string, hosts: readonly (string | null | undefined)[]) {
  try {
    const { host } = new URL(url);
    return hosts.some((h) => h && h.toLowerCase() === host.toLowerCase());
  } catch {
    return false;
  }
}

/** Sec-Fetch-Site values of a request made by one of this site's own pages. */
const OWN_PAGE = new Set(["same-origin", "same-site"]);

/**
 * Whether the beacon comes from one of this site's pages, by the headers a
 * browser sends: Sec-Fetch-Site (same-origin or same-site), Origin and
 * Referer (this host). Each is checked when present; a request with none of
 * them (an older browser, a privacy tool stripping Referer) is let through,
 * as there is nothing to judge it by. Another site's page embedding the
 * no-JavaScript pixel (<img src=…/view>) sends cross-site, or its own
 * address as Referer, and is refused.
 */
export function fromOwnPage(
  beacon: Pick<ViewBeacon, "origin" | "referer" | "secFetchSite" | "host" | "siteHost">,
) {
  const hosts = [beacon.host, beacon.siteHost];
  if (beacon.secFetchSite && !OWN_PAGE.has(beacon.secFetchSite.toLowerCase())) return false;
  if (beacon.origin && !sameHost(beacon.origin, hosts)) return false;
  if (beacon.referer && !sameHost(beacon.referer, hosts)) return false;
  return true;
}

export type ViewBeacon = {
  postId: string;
  ip: string;
  userAgent: string | null;
  /** The request's Origin, Referer, Sec-Fetch-Site and Host headers: another site's page may not count views. */
  origin: string | null;
  referer?: string | null;
  secFetchSite?: string | null;
  host: string | null;
  /** The site's own host (SITE_URL), also accepted. */
  siteHost?: string | null;
  secret: string;
};

/**
 * A view beacon: checks it, then counts the view before answering
 * (docs/decisions/0063): a 204 means counted (or, for a bot or a repeat within
 * the window, deliberately not). A database that cannot take the write
 * answers 503; any other failure is logged and answered 204, so that a
 * view's bookkeeping never fails the page.
 */
export async function acceptViewBeacon(
  db: Database,
  beacon: ViewBeacon,
  onError: (error: unknown) => void,
): Promise<{ status: 204 | 400 | 403 | 429 | 503 }> {
  const postId = uuidSchema.safeParse(beacon.postId);
  if (!postId.success) return { status: 400 };
  if (!fromOwnPage(beacon)) return { status: 403 };
  if (!beaconLimiter(beacon.ip)) return { status: 429 };
  // Known bots and crawlers are not readers.
  if (isbot(beacon.userAgent ?? "")) return { status: 204 };
  try {
    await registerView(db, postId.data, visitorKey(beacon.secret, beacon.ip));
  } catch (error) {
    onError(error);
    if (isDatabaseUnavailable(error)) return { status: 503 };
  }
  return { status: 204 };
}
