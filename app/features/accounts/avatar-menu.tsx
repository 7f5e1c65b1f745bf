import { Form, Link } from "react-router";
import { srcSetOf } from "#server/storage/image-variants";
import { DropdownMenu } from "~/components/ui/dropdown-menu";
import { ADMIN_PAGES, adminMenuLabel } from "~/lib/admin-pages";
import type { HeaderUser } from "./header-user";
import { can } from "./permissions";

export type MenuLink = { label: string; to: string };

/**
 * The avatar menu's links (docs/product/accounts.md#sign-in), before Sign Out: My Profile, My
 * Favorite Posts, Notifications; Notification Settings for approved members
 * (docs/milestones.md#issue-20-members-come-back); Two-Factor Authentication (docs/milestones.md#issue-22-operate-it); Active Sessions (docs/milestones.md#issue-29-trust);
 * My Published Posts for mentors and admins;
 * the admin links for admins (the one list, ~/lib/admin-pages, that the
 * admin pages link each other with). The routes check again.
 */
export function avatarMenuLinks(user: HeaderUser): MenuLink[] {
  const actor = { id: "", role: user.role, status: user.status };
  const links: MenuLink[] = [
    { label: "My Profile", to: `/user/${user.username}` },
    { label: "My Favorite Posts", to: "/favorites" },
    { label: "Notifications", to: "/notifications" },
  ];
  if (can(actor, "notifications.settings")) {
    links.push({ label: "Notification Settings", to: "/settings/notifications" });
  }
  // Any member may protect the account with a second factor (docs/decisions/0138).
  links.push({ label: "Two-Factor Authentication", to: "/settings/two-factor" });
  // Where the account is signed in, to end a session (docs/decisions/0174).
  links.push({ label: "Active Sessions", to: "/settings/sessions" });
  if (can(actor, "post.write")) links.push({ label: "My Published Posts", to: "/my-posts" });
  if (can(actor, "admin.access")) {
    for (const page of ADMIN_PAGES) links.push({ label: adminMenuLabel(page), to: page.to });
  }
  return links;
}

/** Up to two initials of a name ("Asha Rao" → "AR"). */
export function avatarInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length >= 2 ? words[0]![0]! + words[1]![0]! : (words[0] ?? "?").slice(0, 2);
  return letters.toUpperCase();
}

/** A member's avatar and its menu; its own chunk, not loaded by readers (decision 0107). */
export default function AvatarMenu({ user }: { user: HeaderUser }) {
  const name = user.fullName || user.username;
  return (
    <DropdownMenu
      trigger={
        <>
          {user.profilePhotoUrl ? (
            <img
              src={user.profilePhotoUrl}
              srcSet={srcSetOf(user.profilePhotoUrl)}
              sizes={srcSetOf(user.profilePhotoUrl) ? "36px" : undefined}
              alt=""
              width={36}
              height={36}
              className="h-9 w-9 object-cover"
            />
          ) : (
            <span aria-hidden="true">{avatarInitials(name)}</span>
          )}
          <span className="sr-only">Account menu for {name}</span>
        </>
      }
      triggerClassName="inline-flex h-9 w-9 items-center justify-center overflow-hidden rounded-full bg-brand-700 text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2"
      after={
        <noscript>
          <form method="post" action="/logout" className="inline">
            <button type="submit" className="ml-2 text-sm font-semibold text-brand-700 underline">
              Sign Out
            </button>
          </form>
        </noscript>
      }
      panelClassName="absolute right-0 z-40 mt-2 w-56 rounded-md border border-slate-200 bg-white py-2 shadow-lg"
    >
      {(close) => (
        <>
          <p className="truncate px-4 pb-2 text-sm text-slate-700">
            Signed in as <span className="font-semibold text-slate-900">@{user.username}</span>
          </p>
          <ul className="border-t border-slate-200 pt-1">
            {avatarMenuLinks(user).map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  onClick={close}
                  className="block px-4 py-2 text-sm text-slate-800 hover:bg-brand-50 focus:bg-brand-50"
                >
                  {link.label}
                </Link>
              </li>
            ))}
            <li className="mt-1 border-t border-slate-200 pt-1">
              <Form method="post" action="/logout">
                <button
                  type="submit"
                  className="block w-full px-4 py-2 text-left text-sm text-slate-800 hover:bg-brand-50 focus:bg-brand-50"
                >
                  Sign Out
                </button>
              </Form>
            </li>
          </ul>
        </>
      )}
    </DropdownMenu>
  );
}
