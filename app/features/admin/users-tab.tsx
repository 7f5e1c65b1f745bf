/**
 * The dashboard's Users tab (docs/product/administration.md#users): search by username, name or e-mail,
 * filter by role and status, sort by any column, 50 a page, and each
 * member's actions (approve, block, promote, delete): buttons of the
 * table's one form (row-actions.tsx).
 */
import { Link } from "react-router";
import { cellClass, rowClass } from "~/components/ui/data-table";
import { AdminListTable } from "./admin-list-table";
import type { DashboardData, UserRow } from "./dashboard-data";
import { RowMenu, rowMenuItem } from "~/components/ui/row-menu";
import { ACTION_LABELS, primaryUserAction, userActionsFor } from "./user-action-form";
import { RowActionsForm, RowButton } from "./row-actions";

export function UsersTab({ data }: { data: DashboardData }) {
  const users = data.users!;
  return (
    <AdminListTable
      tab="users"
      list={users}
      searchLabel="Search by username, name or email"
      columns={[
        { label: "User", sort: "user" },
        { label: "Email", sort: "email" },
        { label: "Role", sort: "role" },
        { label: "Status", sort: "status" },
        { label: "Joined", sort: "joined", firstDir: "desc" },
        { label: "Actions" },
      ]}
      filters={[
        {
          name: "role",
          label: "Role",
          all: "All roles",
          options: [
            { value: "user", label: "User" },
            { value: "mentor", label: "Mentor" },
            { value: "admin", label: "Admin" },
          ],
        },
        {
          name: "status",
          label: "Status",
          all: "All statuses",
          options: [
            { value: "pending", label: "Pending" },
            { value: "approved", label: "Approved" },
            { value: "blocked", label: "Blocked" },
          ],
        },
      ]}
      toolbar={
        <RowActionsForm
          table="users"
          action={data.here}
          question={(intent) =>
            intent === "block" || intent === "promote" || intent === "delete"
              ? data.confirmations[intent]
              : undefined
          }
        />
      }
    >
      {users.rows.map((u) => (
        <tr key={u.id} className={rowClass}>
          <td className={cellClass} data-label="User">
            <Link to={`/user/${u.username}`} className="font-medium text-brand-700 underline">
              {u.fullName || u.username}
            </Link>
            <div className="text-slate-700">{`@${u.username}`}</div>
          </td>
          <td className="py-2 pr-3 break-all" data-label="Email">
            {u.email || "N/A"}
          </td>
          <td className={cellClass} data-label="Role">
            {u.role}
          </td>
          <td className={cellClass} data-label="Status">
            {u.status}
          </td>
          <td className="py-2 pr-3 whitespace-nowrap" data-label="Joined">
            {u.joined}
          </td>
          <td className="py-2" data-label="Actions">
            {u.id === data.selfId ? (
              <span className="text-slate-700">You</span>
            ) : (
              <UserRowActions user={u} />
            )}
          </td>
        </tr>
      ))}
    </AdminListTable>
  );
}

/** A member's row: its primary action (approve, else promote) visible, the others behind "…" (docs/decisions/0260). */
function UserRowActions({ user }: { user: UserRow }) {
  const actions = userActionsFor(user);
  const primary = primaryUserAction(actions);
  const rest = actions.filter((action) => action !== primary);
  return (
    <div className="flex items-center gap-2">
      {primary ? (
        <RowButton
          table="users"
          intent={primary}
          id={user.id}
          name={user.username}
          className="row-action row-action-primary"
        >
          {ACTION_LABELS[primary]}
        </RowButton>
      ) : null}
      <RowMenu label={`More actions for ${user.username}`}>
        {rest.map((action) => (
          <RowButton
            key={action}
            table="users"
            intent={action}
            id={user.id}
            name={user.username}
            className={rowMenuItem}
          >
            {ACTION_LABELS[action]}
          </RowButton>
        ))}
      </RowMenu>
    </div>
  );
}
