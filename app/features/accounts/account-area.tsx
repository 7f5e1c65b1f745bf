import { useEffect, useId, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { srcSetOf } from "#server/storage/image-variants";
import { primaryButton } from "~/components/ui/button-styles";
import type { HeaderUser } from "./header-user";
import { can } from "./permissions";

export type MenuLink = { label: string; to: string };

/**
 * The avatar menu's links (spec 1 §2), before Sign Out: My Profile, My
 * Favorite Posts, Notifications; My Published Posts for mentors and admins;
 * the admin links for admins. The routes check again.
 */
export function avatarMenuLinks(user: HeaderUser): MenuLink[] {
  const actor = { id: "", role: user.role, status: user.status };
  const links: MenuLink[] = [
    { label: "My Profile", to: `/user/${user.username}` },
    { label: "My Favorite Posts", to: "/favorites" },
    { label: "Notifications", to: "/notifications" },
  ];
  if (can(actor, "post.write")) links.push({ label: "My Published Posts", to: "/my-posts" });
  if (can(actor, "admin.access")) {
    links.push(
      { label: "Admin Dashboard", to: "/admin" },
      { label: "Banned Words", to: "/admin/banned-words" },
      { label: "Site Settings", to: "/admin/site-settings" },
      { label: "Redirects", to: "/admin/redirects" },
    );
  }
  return links;
}

/** Up to two initials of a name ("Asha Rao" → "AR"). */
export function avatarInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length >= 2 ? words[0]![0]! + words[1]![0]! : (words[0] ?? "?").slice(0, 2);
  return letters.toUpperCase();
}

/**
 * The header's account area (spec §2): Sign in and Join Free Now for visitors;
 * for members the avatar, opening a menu with the member's links
 * (avatarMenuLinks) and Sign Out. The menu is a disclosure: Escape closes it and returns
 * focus to the button, arrows move between its items, leaving it closes it.
 * Sign Out is a POST form; without JavaScript a <noscript> copy of it stands
 * beside the avatar.
 */
export function AccountArea({ user }: { user: HeaderUser | null }) {
  if (!user) {
    return (
      <>
        <Link
          to="/login"
          className="rounded px-2 py-1 text-sm font-semibold whitespace-nowrap text-brand-700 hover:underline"
        >
          Sign in
        </Link>
        <Link to="/signup" className={`${primaryButton} whitespace-nowrap max-sm:px-3`}>
          Join Free Now
        </Link>
      </>
    );
  }
  return <AvatarMenu user={user} />;
}

function AvatarMenu({ user }: { user: HeaderUser }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const name = user.fullName || user.username;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const items = () =>
    Array.from(root.current?.querySelectorAll<HTMLElement>("[data-menu-item]") ?? []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    if (!open) {
      setOpen(true);
      requestAnimationFrame(() => items()[0]?.focus());
      return;
    }
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const next = event.key === "ArrowDown" ? index + 1 : index - 1;
    all[(next + all.length) % all.length]?.focus();
  };

  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex h-9 w-9 items-center justify-center overflow-hidden rounded-full bg-brand-700 text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2"
      >
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
      </button>
      <noscript>
        <form method="post" action="/logout" className="inline">
          <button type="submit" className="ml-2 text-sm font-semibold text-brand-700 underline">
            Sign Out
          </button>
        </form>
      </noscript>
      <div
        id={id}
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-56 rounded-md border border-slate-200 bg-white py-2 shadow-lg"
      >
        <p className="truncate px-4 pb-2 text-sm text-slate-700">
          Signed in as <span className="font-semibold text-slate-900">@{user.username}</span>
        </p>
        <ul className="border-t border-slate-200 pt-1">
          {avatarMenuLinks(user).map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                data-menu-item
                onClick={() => setOpen(false)}
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
                data-menu-item
                className="block w-full px-4 py-2 text-left text-sm text-slate-800 hover:bg-brand-50 focus:bg-brand-50"
              >
                Sign Out
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </div>
  );
}
