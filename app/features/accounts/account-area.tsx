import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { primaryButton } from "~/components/ui/button-styles";
import type { HeaderUser } from "./header-user";

// Readers see two links; the avatar menu's code is loaded for members only (decision 0107).
// The server renders it in place, so that the page works without JavaScript.
const AvatarMenu = import.meta.env.SSR
  ? (await import("./avatar-menu")).default
  : lazy(() => import("./avatar-menu"));

/**
 * The header's account area (docs/product/accounts.md): Sign in and Join Free Now for visitors;
 * for members the avatar, opening a menu with the member's links
 * (avatarMenuLinks) and Sign Out, in the kit's dropdown menu (a disclosure:
 * Escape closes it and returns focus to the button, arrows move between its
 * items, leaving it closes it).
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
  return (
    <Suspense fallback={<AvatarSlot />}>
      <AvatarMenu user={user} />
    </Suspense>
  );
}

/**
 * The avatar's place on the members' shared page until the member's parts
 * arrive (decision 0154), and while the menu's code loads: the avatar's size,
 * no name. Without JavaScript, Sign Out stands beside it as the menu's does.
 */
export function AvatarSlot() {
  return (
    // Laid out as the menu is (app/components/ui/dropdown-menu.tsx): the same box.
    <div className="relative">
      <span
        data-slot="avatar"
        aria-hidden="true"
        className="inline-flex h-9 w-9 rounded-full bg-slate-200"
      />
      <noscript>
        <form method="post" action="/logout" className="inline">
          <button type="submit" className="ml-2 text-sm font-semibold text-brand-700 underline">
            Sign Out
          </button>
        </form>
      </noscript>
    </div>
  );
}
