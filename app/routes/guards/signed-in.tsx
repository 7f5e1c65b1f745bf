/**
 * The guard of the pages of any signed-in member, approved or pending
 * (visitors and blocked members to /login): a layout route in app/routes.ts
 * whose middleware runs before every loader and action below it and puts the
 * member in context (app/pipeline/guards.server.ts).
 */
import { Outlet } from "react-router";
import { signedInOnly } from "~/pipeline/guards.server";

export const middleware = [signedInOnly];

export default function Guarded() {
  return <Outlet />;
}
