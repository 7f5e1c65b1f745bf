/**
 * The guard of /admin/* (admins; held admins to set up two-factor; others to /): a layout route in
 * app/routes.ts whose middleware runs before every loader and action below it
 * and puts the member in context (app/pipeline/guards.server.ts).
 */
import { Outlet } from "react-router";
import { adminsOnly } from "~/pipeline/guards.server";

export const middleware = [adminsOnly];

export default function Guarded() {
  return <Outlet />;
}
