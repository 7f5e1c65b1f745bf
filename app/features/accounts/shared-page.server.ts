/**
 * Which signed-in requests may get the members' shared page from the page
 * cache (decision 0154): an approved member with the plain `user` role.
 * Their article and home page differ from a reader's only in the personal
 * slots (avatar menu, bell, saved state, comment box), which the page fills
 * from /api/viewer. Members awaiting approval (their banners and disabled
 * controls), mentors (the Write button) and admins (moderation, admin links)
 * are rendered per request, as is any request whose session does not hold.
 *
 * The answer is kept per session token for SHARED_MEMBER_TTL_MS, so that a
 * hit costs no database work. A member blocked or signed out meanwhile gets
 * at most that long the shared page, which holds nothing personal; their
 * private request reads the session afresh and answers as for a reader.
 */
import type { IncomingHttpHeaders } from "node:http";
import { LRUCache } from "lru-cache";
import { getSessionUser } from "./session.server";
import type { AuthDeps, SessionUser } from "./session.server";

export const SHARED_MEMBER_TTL_MS = 10_000;

const SESSION_TOKEN = /(?:^|;\s*)((?:__Secure-)?better-auth\.session_token=[^;]*)/;

const answers = new LRUCache<string, Promise<boolean>>({
  max: 10_000,
  ttl: SHARED_MEMBER_TTL_MS,
});

/** Whether this member's pages may be the members' shared page. */
export function sharesMembersPage(user: Pick<SessionUser, "role" | "status"> | null): boolean {
  return user !== null && user.status === "approved" && user.role === "user";
}

/**
 * The page cache's hook: the request's member may get the shared page.
 * app/entry.express.ts hands it the process's services (it runs before React Router).
 */
export function sharedPageMember(headers: IncomingHttpHeaders, deps: AuthDeps): Promise<boolean> {
  const cookie = headers.cookie ?? "";
  const token = SESSION_TOKEN.exec(cookie)?.[1];
  if (!token) return Promise.resolve(false);
  let answer = answers.get(token);
  if (!answer) {
    const request = new Request("http://localhost/", { headers: { cookie: token } });
    answer = getSessionUser(request, deps).then(sharesMembersPage);
    answers.set(token, answer);
    // A failure (the database unavailable) is not kept: the page is rendered, and asks again.
    answer.catch(() => answers.delete(token));
  }
  return answer;
}

/** Tests: forget every kept answer (a member's role changed within the same second). */
export function forgetSharedPageMembers() {
  answers.clear();
}
