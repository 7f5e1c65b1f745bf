/** The view beacon's address for a post (POST from the page; GET as the no-JavaScript pixel). */
export function viewBeaconPath(postId: string) {
  return `/api/posts/${postId}/view`;
}
