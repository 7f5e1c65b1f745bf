import { Link } from "react-router";
import { can } from "~/features/accounts/permissions";

/** The header's Write link: mentors and admins only (the routes check again). */
export function WriteButton({
  user,
}: {
  user: { role: "user" | "mentor" | "admin"; status: "pending" | "approved" | "blocked" } | null;
}) {
  if (!user || !can({ id: "", ...user }, "post.write")) return null;
  return (
    <Link
      to="/create-post"
      className="rounded-md border border-brand-700 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
    >
      Write
    </Link>
  );
}
