import { Link } from "react-router";
import type { Status } from "./permissions";

/**
 * A member whose e-mail is verified but whose account an admin has not yet
 * approved reads everything and takes part in nothing (docs/product/accounts.md#account-states, docs/product/README.md#roles-and-permissions). Their
 * participation controls (comment and reply box, like, favourite, follow) are
 * shown disabled with this line, as visitors get Sign in / Sign Up: nothing
 * they could type or press is lost on the way to /pending-approval.
 */
export const AWAITING_APPROVAL =
  "Your account is awaiting approval: you can take part once an admin approves it.";

/** Beside a single button (favourite, follow), where the whole line would not fit. */
export const AWAITING_APPROVAL_SHORT = "Available once your account is approved.";

export function isAwaitingApproval(user: { status: Status } | null | undefined): boolean {
  return user?.status === "pending";
}

/** The line itself, with a link to the page that explains it. */
export function AwaitingApprovalNote({ id, className = "" }: { id: string; className?: string }) {
  return (
    <p id={id} className={`text-sm text-slate-700 ${className}`}>
      {AWAITING_APPROVAL}{" "}
      <Link to="/pending-approval" className="font-semibold text-brand-700 underline">
        About approval
      </Link>
    </p>
  );
}
