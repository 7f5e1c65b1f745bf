/**
 * The guard of the authoring pages (mentors and admins; others to /): a layout route in
 * app/routes.ts whose middleware runs before every loader and action below it
 * and puts the member in context (app/pipeline/guards.server.ts).
 */
import { Outlet } from "react-router";
import { authorsOnly } from "~/pipeline/guards.server";

export const middleware = [authorsOnly];

export default function Guarded() {
  return <Outlet />;
}
