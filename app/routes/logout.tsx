import { redirect } from "react-router";
import { auth } from "#server/auth";
import type { Route } from "./+types/logout";

/** Sign Out: a POST (a link cannot sign anyone out). */
export async function action({ request }: Route.ActionArgs) {
  const headers = new Headers();
  try {
    const answer = await auth().api.signOut({ headers: request.headers, returnHeaders: true });
    for (const cookie of answer.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  } catch {
    // No session: nothing to end.
  }
  throw redirect("/", { headers });
}

export function loader() {
  throw redirect("/");
}
