import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useLocation } from "react-router";
import { secondaryButton } from "~/components/ui/button-styles";
import { commentTargetOf } from "~/features/comments/comment-target";
import { clientLog } from "~/lib/client-log";
import { useHydrated } from "~/lib/use-hydrated";
import { PostArticle } from "./post-article";
import { postPath } from "~/features/posts/post-card";
import {
  entryKey,
  followPost,
  recordReading,
  savedOffset,
  type ReadingPosition,
} from "./reading-position";
import type { PostView } from "~/features/posts/types";
import { viewBeaconPath } from "~/features/posts/views";

/** docs/product/reading.md: threshold 0.1, margin 200 px; the active post by visibility with a 20 % bottom margin. */
export const LOAD_THRESHOLD = 0.1;
export const LOAD_MARGIN = "200px";
export const ACTIVE_MARGIN = "0px 0px -20% 0px";
/** The reading position is written to the history entry once scrolling pauses this long. */
const RECORD_DELAY_MS = 250;

type Status = "idle" | "loading" | "done" | "error";

const STATUS_TEXT: Record<Status, string> = {
  idle: "Scroll to load more...",
  loading: "Loading next post...",
  // docs/product/reading.md "Status texts": the full stop ends the spec's sentence.
  done: "No more posts to load",
  error: "Failed to fetch next post",
};

/** Registers a view of a shown post (docs/product/reading.md#views); the page may have come from a cache. */
function sendViewBeacon(postId: string) {
  const url = viewBeaconPath(postId);
  try {
    if (navigator.sendBeacon?.(url)) return;
  } catch {
    // Falls back to fetch below.
  }
  void fetch(url, { method: "POST", keepalive: true }).catch(() => {});
}

function articleOf(container: HTMLElement | null, slug: string) {
  return container?.querySelector<HTMLElement>(`article[data-post-slug="${CSS.escape(slug)}"]`);
}

/**
 * The post page's reading column: the server-rendered post, then each next
 * post as the end marker nears the viewport. The address bar and the title
 * follow the most visible post (replaceState: scrolling adds no history
 * entries); Back or Forward to the entry shows that post first, at the place
 * the reader left it (reading-position.ts). Without JavaScript the first post
 * reads fully, and no status text promises more.
 */
export function InfinitePosts({
  first,
  siteUrl,
  siteName,
}: {
  first: PostView;
  siteUrl: string;
  siteName: string;
}) {
  const hydrated = useHydrated();
  const list = useRef<HTMLDivElement>(null);
  // Opened at a comment (a notification's link): the next post loads only when
  // asked, so the page stays on this post and its address (docs/decisions/0265).
  const onDemand = commentTargetOf(useLocation().hash) !== null;
  const { views, viewsRef, status, loadNext, marker } = useNextPosts(first, onDemand);
  useViewBeacons(viewsRef, first.post.id, views.length);
  const { ownKeyRef, activeSlugRef, readingNow } = useReadingPosition(list, first.post.slug);
  useActivePost({
    listRef: list,
    viewsRef,
    ownKeyRef,
    activeSlugRef,
    readingNow,
    siteName,
    firstId: first.post.id,
    count: views.length,
  });

  return (
    <div ref={list}>
      {/* Without JavaScript, the first post's view is counted by an image. */}
      <noscript>
        <img src={viewBeaconPath(first.post.id)} alt="" width={1} height={1} className="absolute" />
      </noscript>
      {views.map((view, index) => (
        <div key={view.post.id} className={index > 0 ? "mt-16" : ""}>
          {index > 0 ? <NextDivider /> : null}
          <PostArticle view={view} siteUrl={siteUrl} first={index === 0} />
        </div>
      ))}
      <div ref={marker} className="mt-12 text-center text-sm text-slate-700">
        {/* Only with JavaScript: without it nothing more loads. */}
        {hydrated && onDemand && status === "idle" ? (
          <button type="button" onClick={() => void loadNext()} className={secondaryButton}>
            Next article
          </button>
        ) : hydrated ? (
          <p role="status">{STATUS_TEXT[status]}</p>
        ) : null}
        {status === "error" ? (
          <button
            type="button"
            onClick={() => void loadNext()}
            className="mt-2 font-semibold text-brand-700 underline"
          >
            Try again
          </button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The posts shown (the first, then each one loaded), the status of the next
 * load, and the end marker that loads it as it nears the viewport.
 */
function useNextPosts(first: PostView, onDemand: boolean) {
  const [extra, setExtra] = useState<PostView[]>([]);
  const [status, setStatus] = useState<Status>("idle");
  const marker = useRef<HTMLDivElement>(null);
  const busy = useRef(false);
  const views = [first, ...extra];
  const viewsRef = useRef(views);
  useEffect(() => {
    viewsRef.current = views;
  });

  // A new first post (client navigation to another post) starts over.
  const [firstId, setFirstId] = useState(first.post.id);
  if (firstId !== first.post.id) {
    setFirstId(first.post.id);
    setExtra([]);
    setStatus("idle");
  }

  const loadNext = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setStatus("loading");
    try {
      const loaded = viewsRef.current;
      const last = loaded[loaded.length - 1]!;
      const params = new URLSearchParams({
        after: last.post.slug,
        seen: loaded.map((v) => v.post.id).join(","),
      });
      const response = await fetch(`/api/posts/next?${params}`);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = (await response.json()) as { view: PostView | null };
      if (body.view && !loaded.some((v) => v.post.id === body.view!.post.id)) {
        setExtra((current) => [...current, body.view!]);
        setStatus("idle");
      } else {
        setStatus("done");
      }
    } catch (error) {
      clientLog.error("Failed to fetch next post", { message: String(error) });
      setStatus("error");
    } finally {
      busy.current = false;
    }
  }, []);

  // Load when the end marker nears the viewport.
  useEffect(() => {
    const element = marker.current;
    if (!element || status !== "idle" || onDemand) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void loadNext();
      },
      { threshold: LOAD_THRESHOLD, rootMargin: LOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [status, loadNext, extra.length, onDemand]);
  return { views, viewsRef, status, loadNext, marker };
}

/** Where the post read ends and the next begins: a rule with its words. */
function NextDivider() {
  return (
    <div className="mb-12 flex items-center gap-4" aria-hidden="true">
      <span className="h-1 flex-1 rounded bg-brand-100" />
      <span className="text-xs font-semibold uppercase tracking-wide text-slate-700">Up next</span>
      <span className="h-1 flex-1 rounded bg-brand-100" />
    </div>
  );
}

/** Each post shown registers its view once (the server keeps the 30-minute rule). */
function useViewBeacons(viewsRef: RefObject<PostView[]>, firstId: string, count: number) {
  const counted = useRef(new Set<string>());
  useEffect(() => {
    for (const view of viewsRef.current) {
      if (counted.current.has(view.post.id)) continue;
      counted.current.add(view.post.id);
      sendViewBeacon(view.post.id);
    }
  }, [viewsRef, firstId, count]);
}

/**
 * This page's history entry, and the post it is showing at the top of the
 * viewport: restored when the page is shown again, recorded as it scrolls.
 */
function useReadingPosition(listRef: RefObject<HTMLDivElement | null>, firstSlug: string) {
  const ownKeyRef = useRef<string | undefined>(undefined);
  const activeSlugRef = useRef(firstSlug);
  const readingNow = useCallback((): ReadingPosition | null => {
    const article = articleOf(listRef.current, activeSlugRef.current);
    if (!article) return null;
    return {
      slug: activeSlugRef.current,
      offset: Math.max(0, Math.round(-article.getBoundingClientRect().top)),
    };
  }, [listRef]);

  // A page shown again by Back, Forward or a reload goes back to where the reader was.
  // (Each navigation of the router gives the page its entry; this page's own
  // replaceState calls change the entry's key without the router knowing.)
  const routerKey = useLocation().key;
  useEffect(() => {
    ownKeyRef.current = entryKey(window.history);
    activeSlugRef.current = firstSlug;
    if (window.location.hash) return;
    const offset = savedOffset(window.history, firstSlug);
    const article = articleOf(listRef.current, firstSlug);
    if (offset === null || !article) return;
    window.scrollTo(0, article.getBoundingClientRect().top + window.scrollY + offset);
  }, [listRef, firstSlug, routerKey]);

  // The reading position follows the scroll (once it pauses) and is kept when the page goes.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const record = () => {
      const reading = readingNow();
      if (reading) recordReading(window.history, ownKeyRef.current, reading);
    };
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(record, RECORD_DELAY_MS);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", record);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", record);
    };
  }, [readingNow]);
  return { ownKeyRef, activeSlugRef, readingNow };
}

/** The address bar and the title follow the most visible post. */
function useActivePost({
  listRef,
  viewsRef,
  ownKeyRef,
  activeSlugRef,
  readingNow,
  siteName,
  firstId,
  count,
}: {
  listRef: RefObject<HTMLDivElement | null>;
  viewsRef: RefObject<PostView[]>;
  ownKeyRef: RefObject<string | undefined>;
  activeSlugRef: RefObject<string>;
  readingNow: () => ReadingPosition | null;
  siteName: string;
  firstId: string;
  count: number;
}) {
  useEffect(() => {
    const container = listRef.current;
    if (!container) return;
    const ratios = new Map<string, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          ratios.set((entry.target as HTMLElement).dataset.postSlug!, entry.intersectionRatio);
        }
        let best: string | undefined;
        let bestRatio = 0;
        for (const [slug, ratio] of ratios) {
          if (ratio > bestRatio) {
            best = slug;
            bestRatio = ratio;
          }
        }
        const view = viewsRef.current.find((v) => v.post.slug === best);
        if (!view) return;
        const path = postPath(view.post);
        // Only while this page owns the entry (not during a Back or Forward away from it).
        const owned = entryKey(window.history) === ownKeyRef.current;
        if (
          owned &&
          (view.post.slug !== activeSlugRef.current || window.location.pathname !== path)
        ) {
          const renew = view.post.slug !== activeSlugRef.current;
          activeSlugRef.current = view.post.slug;
          const reading = readingNow() ?? { slug: view.post.slug, offset: 0 };
          ownKeyRef.current = followPost(
            window.history,
            path,
            reading,
            renew ? undefined : ownKeyRef.current,
          );
        }
        if (!owned) return;
        const title = `${view.post.ogTitle || view.post.title} | ${siteName}`;
        if (document.title !== title) document.title = title;
      },
      { threshold: Array.from({ length: 21 }, (_, i) => i / 20), rootMargin: ACTIVE_MARGIN },
    );
    container.querySelectorAll("[data-post-slug]").forEach((el) => observer.observe(el));
    return () => observer.disconnect();
  }, [listRef, viewsRef, ownKeyRef, activeSlugRef, firstId, count, siteName, readingNow]);
}
