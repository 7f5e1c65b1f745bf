import { data } from "react-router";
import { UnsubscribePage } from "~/features/email/unsubscribe-page";
import { unsubscribeSubject } from "~/features/email-preferences/preference-rules";
import { readUnsubscribeToken, unsubscribe } from "~/features/email-preferences/preferences.server";
import { defaultPageMeta } from "~/features/seo/meta";
import { services } from "~/lib/services.server";
import { definePublicAction } from "~/pipeline/action.server";
import type { Route } from "./+types/unsubscribe";

const PRIVATE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Unsubscribe", { noindex: true });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders ?? loaderHeaders;
}

function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get("token") ?? "";
}

/** GET only asks: a link scanner opening it changes nothing. */
export function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const target = readUnsubscribeToken(services(context).config.authSecret, token);
  if (!target)
    return data({ view: { state: "invalid" as const } }, { status: 400, headers: PRIVATE });
  return data(
    { view: { state: "confirm" as const, subject: unsubscribeSubject(target.key), token } },
    { headers: PRIVATE },
  );
}

/**
 * POST (the page's button, or a mail client's RFC 8058 one-click POST with
 * the body List-Unsubscribe=One-Click): turns that e-mail off. Again: the same
 * answer, nothing more changes. A forged token: 400, nothing changes.
 * Anyone may post (the token is the permission) and no body is read (a
 * one-click POST's body says nothing the token does not): the public helper,
 * with the page's own headers.
 */
export const action = definePublicAction({
  schema: null,
  headers: PRIVATE,
  run: async ({ db, config }, _actor, _input, { request }) => {
    const target = await unsubscribe(db, config.authSecret, tokenOf(request));
    if (!target) return { ok: false, status: 400, view: { state: "invalid" as const } };
    return { ok: true, view: { state: "done" as const, subject: unsubscribeSubject(target.key) } };
  },
});

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  // The helper's own 405 (a method other than POST) has no view: the page stays as loaded.
  const view = actionData && "view" in actionData ? actionData.view : loaderData.view;
  return <UnsubscribePage view={view} />;
}
