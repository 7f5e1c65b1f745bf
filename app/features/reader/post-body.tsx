import { useState } from "react";
import type { PostView } from "~/features/posts/types";

/**
 * A post's sanitised body. The page's own post sends its body once, in the
 * markup (decision 0160): the document's hydration data leaves `html` out
 * (`bodyInMarkupOnly`), so while hydrating the browser takes the body from
 * the server's element and gives React the same HTML. Posts from a client
 * navigation or infinite scroll carry `html` in their data.
 */
export function PostBody({ view }: { view: PostView }) {
  const { id, updatedAt } = view.post;
  // What was drawn first, and for which version of the post: a revalidation
  // that brings the same version's body back (after a comment, say) keeps the
  // element as it is, so media in the body do not reload.
  const version = `${id} ${String(updatedAt)}`;
  const [drawn, setDrawn] = useState(() => ({
    version,
    html: view.html ?? markupOf(id),
  }));
  if (drawn.version !== version && view.html !== undefined) {
    setDrawn({ version, html: view.html });
  }
  const html = drawn.version === version ? drawn.html : (view.html ?? "");
  if (!html && !view.htmlInMarkup) return null;
  return (
    <div
      className="post-body mt-8"
      data-post-body={id}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** The body the server drew for this post (in the browser, before React has touched it). */
function markupOf(postId: string): string {
  if (typeof document === "undefined") return "";
  return document.querySelector(`[data-post-body="${CSS.escape(postId)}"]`)?.innerHTML ?? "";
}
