/**
 * The guard of the members' pages (signed in and approved): a layout route in
 * app/routes.ts whose middleware runs before every loader and action below it
 * and puts the member in context (app/pipeline/guards.server.ts).
 */
import { Outlet } from "react-router";
import { membersOnly } from "~/pipeline/guards.server";

export const middleware = [membersOnly];

export default function Guarded() {
  return <Outlet />;
}
