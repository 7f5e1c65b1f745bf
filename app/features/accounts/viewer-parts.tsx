/**
 * The members' shared page (decision 0154): an approved member may be served
 * the same cached page as every other such member, rendered without knowing
 * who asked. Its personal parts (the avatar menu, the bell, the post's saved
 * state) come from one private request, /api/viewer, made as the page
 * hydrates; until it answers each part shows a placeholder of its own size,
 * and without JavaScript the placeholders are working links and forms
 * (the bell links to /notifications, Sign Out is a form, the comment box posts).
 */
import { createContext, useContext, useEffect, useState } from "react";
import { clientLog } from "~/lib/client-log";
import type { HeaderUser } from "./header-user";

/** What /api/viewer answers (app/routes/api.viewer.ts); the bell's state is the notifications'. */
export type ViewerParts<Bell = unknown> = {
  user: HeaderUser | null;
  bell: Bell | null;
  /** The saved state of the page's post (asked with ?post=ID), else null. */
  saved: boolean | null;
  /** The page's post's comment count now, as the member sees it (the page's may be older). */
  commentCount: number | null;
};

export const VIEWER_PARTS_PATH = "/api/viewer";

export type Viewer = {
  /** The page is the members' shared page (the root loader says so). */
  shared: boolean;
  /** The member's parts, once /api/viewer answered. */
  parts: ViewerParts | undefined;
};

const ViewerContext = createContext<Viewer>({ shared: false, parts: undefined });
export const ViewerProvider = ViewerContext.Provider;

export function useViewer(): Viewer {
  return useContext(ViewerContext);
}

/**
 * Stands in for the member on the shared page until /api/viewer answers: only
 * approved members with the plain role get that page (shared-page.server.ts),
 * so the controls it decides (comment box, favourite form) are theirs. It
 * carries no name: nothing shows it.
 */
export const SHARED_PAGE_MEMBER: HeaderUser = {
  username: "",
  fullName: null,
  profilePhotoUrl: null,
  role: "user",
  status: "approved",
};

/** The member a component renders for: the root loader's, else the shared page's. */
export function viewerUser(rootUser: HeaderUser | null, viewer: Viewer): HeaderUser | null {
  if (rootUser) return rootUser;
  if (!viewer.shared) return null;
  return viewer.parts ? viewer.parts.user : SHARED_PAGE_MEMBER;
}

/**
 * The one private request of a shared page, made once as it hydrates. `postId`
 * is the page's own post (its saved state comes along). A failure leaves the
 * placeholders, which work as links and forms.
 */
export function useViewerPartsRequest<Bell>(
  shared: boolean,
  postId: string | undefined,
): ViewerParts<Bell> | undefined {
  const [parts, setParts] = useState<ViewerParts<Bell>>();
  useEffect(() => {
    if (!shared) return;
    let live = true;
    const url = postId
      ? `${VIEWER_PARTS_PATH}?post=${encodeURIComponent(postId)}`
      : VIEWER_PARTS_PATH;
    fetch(url, { cache: "no-store", credentials: "same-origin" })
      .then((response) => {
        if (!response.ok) throw new Error(`viewer parts: ${response.status}`);
        return response.json() as Promise<ViewerParts<Bell>>;
      })
      .then((answer) => {
        if (live) setParts(answer);
      })
      .catch((error: unknown) =>
        clientLog.error("Failed to load the member's parts", { error: String(error) }),
      );
    return () => {
      live = false;
    };
    // Once per document: later pages come through loaders that know the member.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shared]);
  return parts;
}
