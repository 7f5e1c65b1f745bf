import { Link } from "react-router";
import { pageHref, type ArchivePaging } from "./archive";

/** Newer and older pages of an archive, as links (they work before the page's script loads). */
export function ArchivePager({
  paging,
  path,
  params,
  label,
}: {
  paging: ArchivePaging;
  path: string;
  params?: Record<string, string>;
  label: string;
}) {
  if (!paging.hasPrevious && !paging.hasNext) return null;
  return (
    <nav aria-label={label} className="mt-10 flex justify-between gap-4">
      {paging.hasPrevious ? (
        <Link
          to={pageHref(path, paging.page - 1, params)}
          rel="prev"
          className="font-semibold text-brand-700 underline"
        >
          ← Newer posts
        </Link>
      ) : (
        <span />
      )}
      {paging.hasNext ? (
        <Link
          to={pageHref(path, paging.page + 1, params)}
          rel="next"
          className="font-semibold text-brand-700 underline"
        >
          Older posts →
        </Link>
      ) : null}
    </nav>
  );
}
