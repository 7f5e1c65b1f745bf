/**
 * The guard of /admin/* (admins; held admins to set up two-factor; others to /): a layout route in
 * app/routes.ts whose middleware runs before every loader and action below it
 * and puts the member in context (app/pipeline/guards.server.ts). It is also the admin's own
 * shell (docs/decisions/0259): its `handle` tells the root layout to leave out the public header,
 * promotion bar and footer, and every admin page renders inside the sidebar's shell.
 */
import { Outlet } from "react-router";
import { AdminShell } from "~/features/admin/admin-shell";
import { adminsOnly } from "~/pipeline/guards.server";

export const middleware = [adminsOnly];

export const handle = { chrome: "admin" } as const;

export default function Guarded() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}
