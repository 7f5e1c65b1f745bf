import { redirect } from "react-router";
import { definePublicAction } from "~/pipeline/action.server";

/** Sign Out: a POST (a link cannot sign anyone out); it takes no form. */
export const action = definePublicAction({
  schema: null,
  run: async ({ auth }, _actor, _input, { request }) => {
    let setCookie: string[] = [];
    try {
      const answer = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
      setCookie = answer.headers.getSetCookie();
    } catch {
      // No session: nothing to end.
    }
    return { ok: true, redirect: "/", setCookie };
  },
});

export function loader() {
  throw redirect("/");
}
