/**
 * In-process tests of loaders and actions (docs/request-pipeline.md).
 */
import { RouterContextProvider } from "react-router";
import { servicesContext, type Services } from "#server/services";
import type { SessionUser } from "~/features/accounts/session.server";
import { actorContext, sessionContext } from "./guards.server";

/**
 * A request context as the server and the guards would leave it: the given
 * services, and the signed-in member (`actor`: null or absent for a visitor).
 * Call a route's loader or action with it in-process:
 * `await action({ request, params: {}, context: testContext({ services, actor }) })`.
 */
export function testContext({
  services: given,
  actor = null,
}: {
  services: Services;
  actor?: SessionUser | null;
}): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, given);
  context.set(sessionContext, Promise.resolve(actor));
  if (actor) context.set(actorContext, actor);
  return context;
}
