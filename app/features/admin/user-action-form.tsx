import { ConfirmAction } from "./confirm-action";
import type { ConfirmableAction, UserRow } from "./dashboard-data";

export const ACTION_LABELS: Record<"approve" | ConfirmableAction, string> = {
  approve: "Approve",
  block: "Block",
  promote: "Promote to mentor",
  delete: "Delete",
};

export const ACTION_STYLES: Record<"approve" | ConfirmableAction, string> = {
  approve: "row-action row-action-approve",
  block: "row-action row-action-warn",
  promote: "row-action row-action-primary",
  delete: "row-action row-action-danger",
};

/** The actions offered on a member's row: approve unless approved, block unless blocked, promote an approved user, delete. */
export function userActionsFor(user: Pick<UserRow, "status" | "role">) {
  const actions: ("approve" | ConfirmableAction)[] = [];
  if (user.status !== "approved") actions.push("approve");
  if (user.status !== "blocked") actions.push("block");
  if (user.role === "user" && user.status === "approved") actions.push("promote");
  actions.push("delete");
  return actions;
}

/**
 * The one action a member's row shows outside its "…" menu (docs/decisions/0260): approve a
 * member waiting or blocked, else promote a user; block and delete are never the row's first.
 */
export function primaryUserAction(
  actions: readonly ("approve" | ConfirmableAction)[],
): "approve" | "promote" | null {
  if (actions.includes("approve")) return "approve";
  if (actions.includes("promote")) return "promote";
  return null;
}

/** Approve, block, promote or delete one member (asks first, except approve). */
export function UserActionForm({
  action,
  user,
  here,
  question,
}: {
  action: "approve" | ConfirmableAction;
  user: UserRow;
  here: string;
  question?: string;
}) {
  return (
    <ConfirmAction action={here} question={question} fields={{ intent: action, userId: user.id }}>
      <button type="submit" className={ACTION_STYLES[action]}>
        {ACTION_LABELS[action]}
        <span className="sr-only"> {user.username}</span>
      </button>
    </ConfirmAction>
  );
}
